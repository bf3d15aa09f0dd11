import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import type { Matrix } from '../../src/shared/display-list.js';
import { placementMatrix, type Rotation } from '../../src/render/geometry.js';
import { drawDisplayList } from '../../src/render/pdf/draw-display-list.js';
import { openPdf, textItems } from './read-pdf.js';
import { sampleCard } from './sample-list.js';

const apply = (m: Matrix, x: number, y: number) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

describe('placementMatrix', () => {
  it.each([
    [0, [10, 20], [40, 140]],
    [90, [130, 20], [10, 50]],
    [180, [40, 140], [10, 20]],
    [270, [10, 50], [130, 20]],
  ] as [Rotation, number[], number[]][])('turned %d°: the trim fills the turned box at (10, 20)', (rotate, topLeft, bottomRight) => {
    const m = placementMatrix(30, 120, { x: 10, y: 20, rotate });
    expect(apply(m, 0, 0)).toEqual(topLeft);
    expect(apply(m, 30, 120)).toEqual(bottomRight);
  });
});

describe('drawDisplayList', () => {
  it('draws a card turned 90° clockwise at a point of a larger page', async () => {
    const doc = new PDFDocument({ size: 'A4', margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    const card = sampleCard();
    drawDisplayList(doc, card, { x: 100, y: 50, rotate: 90 });
    doc.end();
    await ended;
    const page = await (await openPdf(Buffer.concat(chunks))).getPage(1);
    const title = (await textItems(page)).find((i) => i.str === 'Épée')!;
    // Local (18, 165) → page (100 + height − 165, 50 + 18), y up on an A4 page of 841.89 pt.
    const expected = [0, -40, 40, 0, 100 + card.height - 165, 841.89 - (50 + 18)];
    title.transform.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 2));
  });
});
