import { resolveLength } from '../shared/lengths.js';
import type { DisplayItem, DisplayList, TextItem } from '../shared/display-list.js';

/** Paper of a calibration sheet, in points. */
export interface CalibrationRequest {
  page: { width: number; height: number };
  /** How the printer turns the sheet: the back's scales are drawn under the front's marks for this flip. */
  duplex: 'long' | 'short';
  /** Draws a short text at a baseline (numbers of the scales, the instructions). */
  label: (text: string, x: number, baseline: number, style: { size: number; align?: 'left' | 'center' | 'right'; bold?: boolean }) => TextItem;
  /** Lines of instructions printed on the back, under its title. */
  instructions?: string[];
}

/** One scale on the back: its zero, its axis, and the position of each tick along that axis. */
export interface CalibrationScale {
  axis: 'x' | 'y';
  /** The tick that lies under the front's line when the printer is exact, on the back page. */
  zero: { x: number; y: number };
  /** Tick positions along the axis (x for an x scale, y for a y scale), with their values in mm. */
  ticks: { at: number; mm: number }[];
}

export interface CalibrationSheet {
  front: DisplayList;
  back: DisplayList;
  /** The crossing points of the front's marks, on the front page. */
  marks: { x: number; y: number }[];
  scales: CalibrationScale[];
}

const mm = (n: number) => resolveLength(`${n}mm`);
/** The scale reaches this far each way from its zero, in mm, in steps of STEP mm. */
export const SCALE_RANGE = 5;
export const SCALE_STEP = 0.5;
/** The front's lines run this far each way from their crossing: across both scales of the back. */
const ARM = mm(16);
/** How far from the mark's crossing each scale of the back lies. */
const SCALE_AWAY = mm(11);
const INSET = mm(40);
const FINE = 0.25;

function line(x1: number, y1: number, x2: number, y2: number, width = FINE): DisplayItem {
  return { type: 'line', x1, y1, x2, y2, stroke: '#000000', strokeWidth: width };
}

/** Where a point of the front lies on the back page once the sheet is turned over. */
export function mirrorPoint(point: { x: number; y: number }, page: { width: number; height: number }, duplex: 'long' | 'short'): { x: number; y: number } {
  return duplex === 'long' ? { x: page.width - point.x, y: point.y } : { x: point.x, y: page.height - point.y };
}

function ticksAround(zero: number): { at: number; mm: number }[] {
  const steps = Math.round(SCALE_RANGE / SCALE_STEP);
  return Array.from({ length: 2 * steps + 1 }, (_, i) => {
    const value = (i - steps) * SCALE_STEP;
    return { at: zero + mm(value), mm: value };
  });
}

/** Numbers every 2 mm: closer ones would touch. */
function labelled(value: number): boolean {
  return Number.isInteger(value) && value % 2 === 0;
}

function numberText(value: number): string {
  return value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0';
}

/** An x scale (ticks across a horizontal axis) or a y scale (ticks across a vertical one), with numbers every millimetre. */
function drawScale(scale: CalibrationScale, label: CalibrationRequest['label']): DisplayItem[] {
  const items: DisplayItem[] = [];
  for (const tick of scale.ticks) {
    const whole = Number.isInteger(tick.mm);
    const reach = tick.mm === 0 ? mm(4) : whole ? mm(3) : mm(1.8);
    const width = tick.mm === 0 ? 0.5 : FINE;
    if (scale.axis === 'x') {
      items.push(line(tick.at, scale.zero.y - reach, tick.at, scale.zero.y + reach, width));
      if (labelled(tick.mm)) items.push(label(numberText(tick.mm), tick.at, scale.zero.y + mm(6.5), { size: 5, align: 'center' }));
    } else {
      items.push(line(scale.zero.x - reach, tick.at, scale.zero.x + reach, tick.at, width));
      if (labelled(tick.mm)) items.push(label(numberText(tick.mm), scale.zero.x + mm(4.6), tick.at + 1.5, { size: 5 }));
    }
  }
  if (scale.axis === 'x') {
    items.push(label('x', scale.zero.x - mm(SCALE_RANGE + 2.5), scale.zero.y + 2, { size: 6, align: 'center', bold: true }));
  } else {
    items.push(label('y', scale.zero.x, scale.zero.y - mm(SCALE_RANGE + 2), { size: 6, align: 'center', bold: true }));
  }
  return items;
}

/**
 * A duplex calibration sheet: the front carries crossing lines at the centre and near each
 * corner; the back carries, under each crossing (as the flip puts it), a millimetre scale for
 * x and one for y, ±5 mm in 0.5 mm steps. Held against a light, back side up, the front's line
 * crosses each scale at the offset to give the backs: that reading is the correction itself,
 * in the back page's own directions (x to the right, y down).
 */
export function calibrationSheet(request: CalibrationRequest): CalibrationSheet {
  const { page, duplex, label } = request;
  const marks = [
    { x: page.width / 2, y: page.height / 2 },
    { x: INSET, y: INSET },
    { x: page.width - INSET, y: INSET },
    { x: INSET, y: page.height - INSET },
    { x: page.width - INSET, y: page.height - INSET },
  ];
  const frontItems: DisplayItem[] = [];
  for (const m of marks) {
    frontItems.push(line(m.x - ARM, m.y, m.x + ARM, m.y), line(m.x, m.y - ARM, m.x, m.y + ARM));
    frontItems.push({ type: 'ellipse', cx: m.x, cy: m.y, rx: mm(1.5), ry: mm(1.5), stroke: '#000000', strokeWidth: FINE });
  }
  frontItems.push(label('pocketpress duplex calibration: front', page.width / 2, mm(14), { size: 9, align: 'center', bold: true }));
  frontItems.push(label(`Print this PDF double-sided, ${duplex === 'long' ? 'flip on the long edge' : 'flip on the short edge'}, at 100 % (not "fit to page").`, page.width / 2, mm(19), { size: 7, align: 'center' }));
  const scales: CalibrationScale[] = [];
  for (const m of marks) {
    const q = mirrorPoint(m, page, duplex);
    const xZero = { x: q.x, y: q.y + SCALE_AWAY };
    const yZero = { x: q.x + SCALE_AWAY, y: q.y };
    scales.push({ axis: 'x', zero: xZero, ticks: ticksAround(xZero.x) });
    scales.push({ axis: 'y', zero: yZero, ticks: ticksAround(yZero.y) });
  }
  const backItems: DisplayItem[] = scales.flatMap((s) => drawScale(s, label));
  const lines = request.instructions ?? [
    'Hold the sheet against a light, this side facing you.',
    'Where the front’s line crosses each scale, read x and y at the centre (the corners tell whether it holds all over).',
    'Those numbers are the back offset in mm (x to the right, y down): give them to --back-offset,',
    `or save them in printers.yaml:  my-printer: {duplex: ${duplex}, backOffset: {x: 1.5mm, y: -0.5mm}}`,
  ];
  backItems.push(label('pocketpress duplex calibration: back', page.width / 2, mm(14), { size: 9, align: 'center', bold: true }));
  lines.forEach((text, i) => backItems.push(label(text, page.width / 2, mm(19 + i * 3.6), { size: 6.5, align: 'center' })));
  const sheet = (items: DisplayItem[]): DisplayList => ({ width: page.width, height: page.height, bleed: 0, background: '#ffffff', items, fonts: {} });
  return { front: sheet(frontItems), back: sheet(backItems), marks, scales };
}
