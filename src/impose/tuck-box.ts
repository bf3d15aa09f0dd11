import { resolveLength } from '../shared/lengths.js';
import { placementMatrix } from '../shared/placement.js';
import type { DisplayItem, DisplayList, TextItem } from '../shared/display-list.js';
import { HAIRLINE, type Rect } from './marks.js';
import type { Size } from './paper.js';

type Label = (text: string, x: number, baseline: number, style: { size: number; align?: 'left' | 'center' | 'right'; bold?: boolean; color?: string }) => TextItem;

export interface TuckBoxRequest {
  /** Trim size of one card, in points. */
  card: Size;
  /** How many cards the box holds, and how thick one is (points). */
  count: number;
  thickness: number;
  paper: Size;
  /** Least distance from the paper's edge to the box's outline. */
  margin: number;
  /** The set's back: printed on the front panel. */
  art: DisplayList;
  title: string;
  label: Label;
}

/** The inside of the box and where each of its parts is on the flat template (before any turn). */
export interface TuckBoxGeometry {
  /** Inside: card size plus play, and the depth of the stack plus play. */
  width: number;
  height: number;
  depth: number;
  panels: Record<'glue' | 'back' | 'side1' | 'front' | 'side2' | 'lid' | 'tuck' | 'bottom' | 'bottomGlue' | 'dustTop1' | 'dustTop2' | 'dustBottom1' | 'dustBottom2', Rect>;
  /** The whole flat template. */
  outline: Rect;
}

export type TuckBox = { ok: true; page: DisplayList; geometry: TuckBoxGeometry; rotated: boolean } | { ok: false; geometry: TuckBoxGeometry; needed: Size };

const mm = (n: number) => resolveLength(`${n}mm`);
/** Play around the cards, so they slide in and out. */
const PLAY = mm(1);
/** Air above the stack's thickness. */
const DEPTH_PLAY = mm(2);
const GLUE_TAB = mm(9);
const TUCK = mm(15);

/** The flat template of a tuck box for `count` cards: W × H × (count · thickness + 2 mm). */
export function tuckBoxGeometry(card: Size, count: number, thickness: number): TuckBoxGeometry {
  const width = card.width + PLAY;
  const height = card.height + PLAY;
  const depth = count * thickness + DEPTH_PLAY;
  const x0 = 0;
  const yBody = TUCK + depth;
  const glue = { x: x0, y: yBody, width: GLUE_TAB, height };
  const back = { x: glue.x + GLUE_TAB, y: yBody, width, height };
  const side1 = { x: back.x + width, y: yBody, width: depth, height };
  const front = { x: side1.x + depth, y: yBody, width, height };
  const side2 = { x: front.x + width, y: yBody, width: depth, height };
  const dust = Math.min(depth, width / 2) * 0.9;
  return {
    width,
    height,
    depth,
    panels: {
      glue,
      back,
      side1,
      front,
      side2,
      lid: { x: back.x, y: yBody - depth, width, height: depth },
      tuck: { x: back.x, y: 0, width, height: TUCK },
      bottom: { x: front.x, y: yBody + height, width, height: depth },
      bottomGlue: { x: back.x, y: yBody + height, width, height: depth * 0.9 },
      dustTop1: { x: side1.x, y: yBody - dust, width: depth, height: dust },
      dustTop2: { x: side2.x, y: yBody - dust, width: depth, height: dust },
      dustBottom1: { x: side1.x, y: yBody + height, width: depth, height: dust },
      dustBottom2: { x: side2.x, y: yBody + height, width: depth, height: dust },
    },
    outline: { x: 0, y: 0, width: GLUE_TAB + 2 * width + 2 * depth, height: TUCK + 2 * depth + height },
  };
}

const n = (v: number) => Math.round(v * 1000) / 1000;
const cut = (d: string): DisplayItem => ({ type: 'path', d, stroke: '#000000', strokeWidth: 0.5 });
const fold = (x1: number, y1: number, x2: number, y2: number): DisplayItem => ({ type: 'line', x1, y1, x2, y2, stroke: '#555555', strokeWidth: HAIRLINE, dash: [3, 2] });

/** The cut outline, clockwise from the tuck flap's top-left, with tapered flaps. */
function outlinePath(g: TuckBoxGeometry): string {
  const p = g.panels;
  const taper = Math.min(mm(2), g.depth / 4);
  const r = Math.min(mm(5), p.tuck.height / 2, p.tuck.width / 4);
  const pts: string[] = [];
  const L = (x: number, y: number) => pts.push(`L ${n(x)} ${n(y)}`);
  const top = p.front.y;
  const bottom = p.front.y + p.front.height;
  pts.push(`M ${n(p.glue.x)} ${n(top + taper * 2)}`);
  L(p.glue.x + GLUE_TAB, top);
  // Lid and tuck flap (rounded corners) above the back.
  L(p.tuck.x, p.lid.y);
  L(p.tuck.x, p.tuck.y + r);
  pts.push(`Q ${n(p.tuck.x)} ${n(p.tuck.y)} ${n(p.tuck.x + r)} ${n(p.tuck.y)}`);
  L(p.tuck.x + p.tuck.width - r, p.tuck.y);
  pts.push(`Q ${n(p.tuck.x + p.tuck.width)} ${n(p.tuck.y)} ${n(p.tuck.x + p.tuck.width)} ${n(p.tuck.y + r)}`);
  L(p.tuck.x + p.tuck.width, top);
  // Dust flap over side 1.
  L(p.dustTop1.x, top);
  L(p.dustTop1.x + taper, p.dustTop1.y);
  L(p.dustTop1.x + p.dustTop1.width - taper, p.dustTop1.y);
  L(p.dustTop1.x + p.dustTop1.width, top);
  // The front's top edge, with a thumb notch.
  const notch = Math.min(mm(10), p.front.width / 5);
  L(p.front.x + p.front.width / 2 - notch, top);
  pts.push(`A ${n(notch)} ${n(notch)} 0 0 0 ${n(p.front.x + p.front.width / 2 + notch)} ${n(top)}`);
  L(p.front.x + p.front.width, top);
  // Dust flap over side 2, then down the right edge.
  L(p.dustTop2.x + taper, p.dustTop2.y);
  L(p.dustTop2.x + p.dustTop2.width - taper, p.dustTop2.y);
  L(p.dustTop2.x + p.dustTop2.width, top);
  L(p.side2.x + p.side2.width, bottom);
  // Bottom: dust flap 2, the bottom panel under the front, dust flap 1, the glue flap under the back.
  L(p.dustBottom2.x + p.dustBottom2.width - taper, bottom + p.dustBottom2.height);
  L(p.dustBottom2.x + taper, bottom + p.dustBottom2.height);
  L(p.dustBottom2.x, bottom);
  L(p.bottom.x + p.bottom.width, bottom + p.bottom.height);
  L(p.bottom.x, bottom + p.bottom.height);
  L(p.bottom.x, bottom);
  L(p.dustBottom1.x + p.dustBottom1.width - taper, bottom + p.dustBottom1.height);
  L(p.dustBottom1.x + taper, bottom + p.dustBottom1.height);
  L(p.dustBottom1.x, bottom);
  L(p.bottomGlue.x + p.bottomGlue.width - taper, bottom + p.bottomGlue.height);
  L(p.bottomGlue.x + taper, bottom + p.bottomGlue.height);
  L(p.bottomGlue.x, bottom);
  L(p.glue.x + GLUE_TAB, bottom);
  L(p.glue.x, bottom - taper * 2);
  return `${pts.join(' ')} Z`;
}

/** The art scaled into a panel (kept in proportion, centred), clipped to it. */
function artIn(art: DisplayList, panel: Rect): DisplayItem {
  // Covers the panel (the art's bleed fills the play around the card), cut at the panel's edges.
  const scale = Math.max(panel.width / art.width, panel.height / art.height);
  const x = panel.x + (panel.width - art.width * scale) / 2;
  const y = panel.y + (panel.height - art.height * scale) / 2;
  const items: DisplayItem[] = [];
  if (art.background) items.push({ type: 'rect', x: -art.bleed, y: -art.bleed, width: art.width + 2 * art.bleed, height: art.height + 2 * art.bleed, fill: art.background });
  items.push(...art.items);
  return { type: 'group', transform: [1, 0, 0, 1, panel.x, panel.y], clip: { shape: 'rect', x: 0, y: 0, width: panel.width, height: panel.height }, items: [{ type: 'group', transform: [scale, 0, 0, scale, x - panel.x, y - panel.y], items }] };
}

/** A text turned a quarter (reading bottom to top) centred in a narrow panel. */
function sideTitle(label: Label, text: string, panel: Rect): DisplayItem {
  const size = Math.min(10, panel.width * 0.45);
  const cx = panel.x + panel.width / 2;
  const cy = panel.y + panel.height / 2;
  return { type: 'group', transform: [0, -1, 1, 0, cx + size * 0.35, cy], items: [label(text, 0, 0, { size, align: 'center', bold: true })] };
}

/**
 * A one-sheet tuck box for a set's cards: glue tab, back, side, front, side in a row; lid and
 * tuck flap over the back, dust flaps over the sides, bottom panel and glue flap below. The
 * front panel shows the set's back art; the back panel, the lid and the sides its title. Cut lines are
 * solid, folds dashed, glue areas shaded. Turned a quarter when that is what fits the paper.
 */
export function tuckBox(request: TuckBoxRequest): TuckBox {
  const g = tuckBoxGeometry(request.card, request.count, request.thickness);
  const { paper, margin, label } = request;
  const room = { width: paper.width - 2 * margin, height: paper.height - 2 * margin };
  const upright = g.outline.width <= room.width && g.outline.height <= room.height;
  const turned = g.outline.height <= room.width && g.outline.width <= room.height;
  if (!upright && !turned) return { ok: false, geometry: g, needed: { width: g.outline.width + 2 * margin, height: g.outline.height + 2 * margin } };
  const p = g.panels;
  const items: DisplayItem[] = [];
  const glueShade = '#e4e4e4';
  const taper = Math.min(mm(2), g.depth / 4);
  const { glue: gl, bottomGlue: bg } = p;
  items.push({ type: 'path', d: `M ${n(gl.x + gl.width)} ${n(gl.y)} L ${n(gl.x)} ${n(gl.y + 2 * taper)} L ${n(gl.x)} ${n(gl.y + gl.height - 2 * taper)} L ${n(gl.x + gl.width)} ${n(gl.y + gl.height)} Z`, fill: glueShade });
  items.push({ type: 'path', d: `M ${n(bg.x)} ${n(bg.y)} L ${n(bg.x + bg.width)} ${n(bg.y)} L ${n(bg.x + bg.width - taper)} ${n(bg.y + bg.height)} L ${n(bg.x + taper)} ${n(bg.y + bg.height)} Z`, fill: glueShade });
  items.push(label('glue', p.glue.x + p.glue.width / 2, p.glue.y + p.glue.height / 2, { size: 6, align: 'center', color: '#777777' }));
  items.push(label('glue', p.bottomGlue.x + p.bottomGlue.width / 2, p.bottomGlue.y + p.bottomGlue.height / 2 + 2, { size: 6, align: 'center', color: '#777777' }));
  items.push(artIn(request.art, p.front));
  items.push(label(request.title, p.back.x + p.back.width / 2, p.back.y + p.back.height / 2, { size: 12, align: 'center', bold: true }));
  items.push(label(`${request.count} cards`, p.back.x + p.back.width / 2, p.back.y + p.back.height / 2 + 14, { size: 8, align: 'center' }));
  items.push(label(request.title, p.lid.x + p.lid.width / 2, p.lid.y + p.lid.height / 2 + 3, { size: Math.min(9, p.lid.height * 0.6), align: 'center', bold: true }));
  if (g.depth >= mm(6)) for (const side of [p.side1, p.side2]) items.push(sideTitle(label, request.title, side));
  items.push(cut(outlinePath(g)));
  const top = p.front.y;
  const bottom = top + p.front.height;
  for (const x of [p.back.x, p.side1.x, p.front.x, p.side2.x]) items.push(fold(x, top, x, bottom));
  items.push(fold(p.back.x, top, p.back.x + p.back.width, top), fold(p.lid.x, p.lid.y, p.lid.x + p.lid.width, p.lid.y));
  for (const panel of [p.side1, p.side2]) items.push(fold(panel.x, top, panel.x + panel.width, top), fold(panel.x, bottom, panel.x + panel.width, bottom));
  items.push(fold(p.back.x, bottom, p.back.x + p.back.width, bottom), fold(p.front.x, bottom, p.front.x + p.front.width, bottom));
  const rotated = !upright;
  const size = rotated ? { width: g.outline.height, height: g.outline.width } : { width: g.outline.width, height: g.outline.height };
  const at = { x: (paper.width - size.width) / 2, y: (paper.height - size.height) / 2, rotate: rotated ? (90 as const) : (0 as const) };
  const page: DisplayList = {
    width: paper.width,
    height: paper.height,
    bleed: 0,
    background: '#ffffff',
    items: [{ type: 'group', transform: placementMatrix(g.outline.width, g.outline.height, at), items }],
    fonts: { ...request.art.fonts },
  };
  return { ok: true, page, geometry: g, rotated };
}
