import { tuckBox } from '../impose/tuck-box.js';
import { PAPERS } from '../impose/paper.js';
import { DEFAULT_HOME_PRINT } from '../shared/home-print.js';
import { pointsToMm, resolveLength } from '../shared/lengths.js';
import type { Face } from '../shared/face.js';
import type { OutputFile } from '../shared/output-file.js';
import { tuckBoxFile } from '../shared/output-names.js';
import type { LayoutProblem } from '../shared/problem.js';
import type { ResolvedGame, ResolvedSet } from '../resolve/model.js';
import type { SheetOptions } from './build-sheets.js';
import { pdfOf } from './renderers.js';
import { createLabeler, withFonts } from './sheet-labels.js';

/** A tuck box keeps at least this from the paper's edge, where printers do not print. */
const BOX_MARGIN = resolveLength('5mm');

const mm2 = (points: number) => Math.round(pointsToMm(points) * 100) / 100;

/** `<set>-box.pdf`: a tuck box for the set's cards (box: tuck), or a problem when it does not fit the paper. */
export async function buildTuckBox(game: ResolvedGame, set: ResolvedSet, faces: readonly Face[], options: SheetOptions, report: (p: LayoutProblem) => void): Promise<OutputFile[]> {
  const art = faces.find((f) => f.item === undefined && f.back)?.list ?? faces.find((f) => f.back)?.list ?? faces[0]!.list;
  const count = set.items.reduce((n, i) => n + i.count, 0);
  const thickness = (options.homePrint ?? DEFAULT_HOME_PRINT).cardThickness;
  const paper = PAPERS[options.paper];
  const { label, fonts } = createLabeler(game.fonts);
  const box = tuckBox({ card: { width: set.width, height: set.height }, count, thickness, paper, margin: BOX_MARGIN, art, title: set.name, label });
  const g = box.geometry;
  if (!box.ok) {
    report({
      severity: 'error',
      code: 'too-big-for-paper',
      message: `the tuck box of the set "${set.id}" (${count} cards of ${mm2(thickness)} mm: ${mm2(g.outline.width)} × ${mm2(g.outline.height)} mm flat) does not fit on ${paper.label} paper, even turned; it needs ${mm2(box.needed.width)} × ${mm2(box.needed.height)} mm. Split the cards over two sets with a box each, or use a thinner --card-thickness`,
      file: set.source.source.file.path,
      pointer: '/box',
    });
    return [];
  }
  const page = withFonts(box.page, fonts);
  const pdf = await pdfOf([page], { title: `${game.title}: ${set.name} (box)`, author: game.credits.map((c) => c.name).join(', '), lang: game.lang, creationDate: options.creationDate }, options.cache);
  return [
    {
      path: tuckBoxFile(set.id),
      bytes: pdf,
      entry: {
        kind: 'tuck-box',
        set: set.id,
        paper: paper.label,
        pages: 1,
        cards: count,
        cardThicknessMm: mm2(thickness),
        insideMm: { width: mm2(g.width), height: mm2(g.height), depth: mm2(g.depth) },
        flatMm: { width: mm2(g.outline.width), height: mm2(g.outline.height) },
        turned: box.rotated,
      },
    },
  ];
}
