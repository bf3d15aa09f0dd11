import type { ImagePlace, LayoutProblem } from '../../shared/problem.js';
import type { LengthUnit } from '../../shared/lengths.js';
import type { ResolvedGame, ResolvedSet } from '../../resolve/model.js';
import type { FontFace, TextItem } from '../../shared/display-list.js';
import type { IconResolver } from '../../shared/icons.js';
import { parseBindings } from '../../shared/expressions/bindings.js';
import { bindingPlace, type Scope, type ScopePointers } from '../../shared/expressions/scope.js';


/** The place of a problem with what `written` shows: the item field it binds, else the template element's key. */
export function placeOf(written: string, key: string, ctx: FaceContext): { file: string; pointer: string } {
  const setSource = ctx.set.source.source;
  const paths = parseBindings(written).map((b) => b.path);
  const pointer = bindingPlace(paths, ctx.pointers, setSource.data, ctx.game.lang);
  return pointer === undefined ? { file: ctx.file, pointer: `${ctx.pointer}/${key}` } : { file: setSource.file.path, pointer };
}


/** What every element of one face is evaluated with. */
export interface FaceContext {
  game: ResolvedGame;
  set: ResolvedSet;
  icons: IconResolver;
  scope: Scope;
  pointers: ScopePointers;
  /** Trim size in points: what % lengths refer to. */
  width: number;
  height: number;
  unit: LengthUnit;
  /** The safe zone: text stays this far inside the trim. */
  safe: number;
  /** Where the current group's origin lies on the face (groups move their elements). */
  origin: { x: number; y: number };
  /** The template file and the element's pointer in it. */
  file: string;
  pointer: string;
  /** Image files the face draws, with where each is named (checked later by decoding them). */
  images?: Map<string, ImagePlace>;
  /** Fonts the face's text uses, filled as text is laid out. */
  fonts: Record<string, FontFace>;
  report: (problem: LayoutProblem) => void;
  /** Collects which template element each text of the face comes from, for the legibility checks. */
  texts?: Map<TextItem, TextSource>;
}

/** The template element a text comes from, and the size it asks for. */
export interface TextSource {
  file: string;
  pointer: string;
  /** The size the element asks for, in points, before any shrinking to fit. */
  size: number;
}
