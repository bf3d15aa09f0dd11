import type { LengthUnit } from '../../content/lengths.js';
import type { ResolvedGame, ResolvedSet } from '../../resolve/model.js';
import type { FontFace } from '../display-list.js';
import type { IconResolver } from '../text/icons.js';
import { parseBindings } from './bindings.js';
import { bindingPlace, type Scope, type ScopePointers } from './scope.js';

/** A problem found while laying out a face, placed later at its line. */
export interface LayoutProblem {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  /** The file to point at (a set file or a template file) and the pointer inside it. */
  file: string;
  pointer: string;
}

/** The place of a problem with what `written` shows: the item field it binds, else the template element's key. */
export function placeOf(written: string, key: string, ctx: FaceContext): { file: string; pointer: string } {
  const setSource = ctx.set.source.source;
  const paths = parseBindings(written).map((b) => b.path);
  const pointer = bindingPlace(paths, ctx.pointers, setSource.data, ctx.game.lang);
  return pointer === undefined ? { file: ctx.file, pointer: `${ctx.pointer}/${key}` } : { file: setSource.file.path, pointer };
}

/** Where an image file is named, for a problem found when it is decoded. */
export interface ImagePlace {
  file: string;
  pointer: string;
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
}
