import { TTS_FOLDER } from '../../shared/output-names.js';
import { pointsToMm } from '../../shared/lengths.js';
import { facesByItem } from '../face-paths.js';
import type { Face } from '../../shared/face.js';
import type { ExportSet } from '../types.js';
import { composeSheet } from './compose-sheet.js';
import type { PngBand } from '../../shared/png-write.js';
import type { TtsContext } from './context.js';
import { encodeStraightPng } from '../../shared/png-write.js';
import type { Raster } from '../../shared/face.js';
import type { KeptOutputFile, OutputFile } from '../../shared/output-file.js';
import { cardObject, deckObject, transformAt, type CustomDeckEntry, type ObjectState } from './objects.js';
import { instanceIds, itemNickname, keptTtsImage, type TtsPart } from './part.js';
import { cellSize, planSheets, type CellSize, type SheetPlan } from './sheet-plan.js';

/** Card scale relative to a TTS card at scale 1, taken as a poker card 63.5 mm wide. */
const CARD_SCALE_MM = 63.5;

function blankCell(cell: CellSize): Raster {
  return { data: Buffer.alloc(cell.widthPx * cell.heightPx * 3, 255), width: cell.widthPx, height: cell.heightPx, channels: 3 };
}

/**
 * One deck sheet: the file to hand to the context. A sheet kept whole by an earlier build (the
 * same faces on the same grid) is the cache's copy; else it is put together row by row, each row
 * taken from the bands kept when its faces are those of an earlier row.
 */
async function makeSheet(path: string, faces: readonly Face[], sheet: { plan: SheetPlan<unknown>; cell: CellSize; facts: Record<string, unknown> }, ctx: TtsContext): Promise<OutputFile | KeptOutputFile> {
  const { plan, cell, facts } = sheet;
  const size = { width: cell.widthPx, height: cell.heightPx };
  const row = { columns: plan.columns, ...cell };
  const bands = ctx.bands;
  const shelf = bands && ((first: number, count: number, make: () => Promise<PngBand>) => bands(faces.slice(first, first + count), row, make));
  const keptAt = ctx.keptTrim && ((i: number) => ctx.keptTrim!(faces[i]!, size));
  const make = () => composeSheet(faces.length, (i) => ctx.trim(faces[i]!, size), plan, cell, { shelf, band: ctx.band, keptAt });
  const pixels = { widthPx: plan.columns * cell.widthPx, heightPx: plan.rows * cell.heightPx };
  const inputs = { kind: 'deck-sheet', columns: plan.columns, rows: plan.rows, ...cell };
  return keptTtsImage(path, { ...facts, columns: plan.columns, rows: plan.rows, cards: faces.length, ...pixels }, { faces, inputs, make }, ctx.sheets);
}

/** Both values once both promises have settled: a failure of either is thrown only then, so that the other is not left running. */
async function bothSettled<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [x, y] = await Promise.allSettled([a, b]);
  if (x.status === 'rejected') throw x.reason;
  if (y.status === 'rejected') throw y.reason;
  return [x.value, y.value];
}

/**
 * A card set for Tabletop Simulator: face sheets of at most 10 × 7 cards (`tts/<set>-<n>.png`),
 * the shared back (`tts/<set>-back.png`, blank when the set has none) or per-item back sheets
 * (`tts/<set>-<n>.back.png`, UniqueBack), and a DeckCustom with one Card per copy — or a single
 * Card when the set holds one copy in all.
 */
export async function exportCardSet({ set, faces }: ExportSet, ctx: TtsContext): Promise<TtsPart> {
  const byItem = facesByItem(faces);
  const cell = cellSize(set.width, set.height);
  const uniqueBack = faces.some((f) => f.item !== undefined && f.back);
  const shared = faces.find((f) => f.item === undefined);
  let sharedBackUrl = '';
  if (!uniqueBack) {
    const size = { width: cell.widthPx, height: cell.heightPx };
    const make = async () => encodeStraightPng(shared ? await ctx.trim(shared, size) : blankCell(cell));
    const path = `${TTS_FOLDER}/${set.id}-back.png`;
    const inputs = { kind: 'deck-back', ...cell };
    ctx.add(await keptTtsImage(path, { set: set.id, side: 'back', columns: 1, rows: 1, cards: 1, ...cell }, { faces: shared ? [shared] : [], inputs, make }, ctx.sheets));
    sharedBackUrl = ctx.url(path);
  }
  const decks: Record<string, CustomDeckEntry> = {};
  const cards: ObjectState[] = [];
  const scale = Math.round((pointsToMm(set.width) / CARD_SCALE_MM) * 1000) / 1000;
  for (const plan of planSheets(set.items)) {
    const key = ctx.nextKey();
    const sheet = { set: set.id, sheet: plan.index + 1, deckKey: key };
    // A sheet of backs is put together beside its sheet of fronts, row by row as the faces are
    // drawn (an item's front, then its back): made after the fronts, it found most of its trims
    // gone from memory and had them drawn again. Both are settled before either is handed over
    // (fronts first): when one fails, the other is not left being made after the export ends.
    const [face, back] = await bothSettled(
      makeSheet(`${TTS_FOLDER}/${set.id}-${plan.index + 1}.png`, plan.cells.map((i) => byItem.get(i.id)!.front), { plan, cell, facts: { ...sheet, side: 'front' } }, ctx),
      uniqueBack ? makeSheet(`${TTS_FOLDER}/${set.id}-${plan.index + 1}.back.png`, plan.cells.map((i) => byItem.get(i.id)!.back!), { plan, cell, facts: { ...sheet, side: 'back' } }, ctx) : Promise.resolve(undefined),
    );
    ctx.add(face);
    if (back) ctx.add(back);
    const deck: CustomDeckEntry = { FaceURL: ctx.url(face.path), BackURL: back ? ctx.url(back.path) : sharedBackUrl, NumWidth: plan.columns, NumHeight: plan.rows, BackIsHidden: true, UniqueBack: uniqueBack, Type: 0 };
    decks[String(key)] = deck;
    plan.cells.forEach((item, index) => {
      for (const instance of instanceIds(item)) {
        const id = { guid: ctx.guid(`${set.id}/${instance}`), nickname: itemNickname(item), gmNotes: instance };
        cards.push(cardObject({ ...id, cardId: key * 100 + index, deck, sideways: set.width > set.height, transform: transformAt(scale) }));
      }
    });
  }
  const object = cards.length === 1 ? cards[0]! : deckObject({ guid: ctx.guid(`${set.id}/deck`), nickname: set.name, gmNotes: set.id }, cards, decks, transformAt(scale, true));
  return { pieces: [{ object, widthMm: pointsToMm(set.width), heightMm: pointsToMm(set.height) }] };
}
