import { describe, expect, it } from 'vitest';
import PDFDocument from '../../src/vendor/pdfkit.js';
import { isSvgCalls, recordCalls } from '../../src/render/pdf/svg-calls.js';

const doc = () => new PDFDocument({ autoFirstPage: true, compress: false, font: null as unknown as string });

describe('the pdfkit calls kept for SVG art', () => {
  it('are the drawing calls as made, trailing arguments left out dropped, each array copied', () => {
    const colour = [255, 0, 0];
    const calls = recordCalls(doc(), (d) => {
      d.save().translate(10, 20).fillColor(colour as unknown as PDFKit.Mixins.ColorValue, undefined as unknown as number).moveTo(0, 0).lineTo(5, 5).fill('evenodd').restore();
      colour[0] = 0;
    });
    expect(calls).toEqual([
      ['save', []],
      ['translate', [10, 20]],
      ['fillColor', [[255, 0, 0]]],
      ['moveTo', [0, 0]],
      ['lineTo', [5, 5]],
      ['fill', ['evenodd']],
      ['restore', []],
    ]);
    // What was kept reads back from JSON as it was.
    expect(JSON.parse(JSON.stringify(calls))).toEqual(calls);
    expect(isSvgCalls(JSON.parse(JSON.stringify(calls)))).toBe(true);
  });

  it('are not kept when the drawing does anything else: another method, a read or a write of the document, arguments a call does not take', () => {
    expect(recordCalls(doc(), (d) => void d.linearGradient(0, 0, 1, 1))).toBeUndefined();
    expect(recordCalls(doc(), (d) => void (d as unknown as { page: unknown }).page)).toBeUndefined();
    expect(recordCalls(doc(), (d) => void ((d as unknown as { x: number }).x = 3))).toBeUndefined();
    expect(recordCalls(doc(), (d) => void d.fillOpacity(Number.POSITIVE_INFINITY))).toBeUndefined();
    expect(recordCalls(doc(), (d) => void d.scale(2, undefined as unknown as number, { origin: [1, 1] }))).toBeUndefined();
    expect(recordCalls(doc(), (d) => void ('page' in d))).toBeUndefined();
  });

  it('read back, are made only when they are calls it keeps, with their arguments, every save restored', () => {
    expect(isSvgCalls([['save', []], ['rect', [0, 0, 10, 10]], ['fill', []], ['restore', []]])).toBe(true);
    expect(isSvgCalls([['dash', [[3, 2], { phase: 1 }]], ['undash', []]])).toBe(true);
    // A method that reads a file, one not kept, arguments a method does not take.
    expect(isSvgCalls([['image', ['/etc/passwd', 0, 0]]])).toBe(false);
    expect(isSvgCalls([['lineWidth', ['x']]])).toBe(false);
    expect(isSvgCalls([['dash', [[0]]]])).toBe(false);
    expect(isSvgCalls([['moveTo', [0, null]]])).toBe(false);
    expect(isSvgCalls([['dash', [[3], { phase: 1, evil: 2 }]]])).toBe(false);
    expect(isSvgCalls([['constructor', []]])).toBe(false);
    // A restore of what the page saved before the art, a save never restored.
    expect(isSvgCalls([['restore', []]])).toBe(false);
    expect(isSvgCalls([['save', []], ['moveTo', [0, 0]]])).toBe(false);
    expect(isSvgCalls({ length: 0 })).toBe(false);
    expect(isSvgCalls([['save']])).toBe(false);
  });
});
