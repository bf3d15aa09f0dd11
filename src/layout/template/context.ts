import type { LengthUnit } from '../../content/lengths.js';
import type { ResolvedGame, ResolvedSet } from '../../resolve/model.js';
import type { FontFace } from '../display-list.js';
import type { IconResolver } from '../text/icons.js';
import type { Scope, ScopePointers } from './scope.js';

/** A problem found while laying out a face, placed later at its line. */
export interface LayoutProblem {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  /** The file to point at (a set file or a template file) and the pointer inside it. */
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
  /** The template file and the element's pointer in it. */
  file: string;
  pointer: string;
  /** Fonts the face's text uses, filled as text is laid out. */
  fonts: Record<string, FontFace>;
  report: (problem: LayoutProblem) => void;
}
