import type { DisplayList } from '../layout/display-list.js';
import type { RulebookSection } from '../layout/rulebook/types.js';
import type { ResolvedGame, ResolvedSet } from '../resolve/model.js';

/** One face of a set as the build laid it out and rendered it. */
export interface ExportFace {
  /** The item id, or undefined for the back every item of the set shares. */
  item?: string;
  back: boolean;
  list: DisplayList;
  /** The PNG the build wrote for this face: trim + bleed, at the build's dpi. */
  png: Buffer;
}

export interface ExportSet {
  set: ResolvedSet;
  /** As `layoutSet` returns them (each front, per-item backs, or one shared back last). */
  faces: readonly ExportFace[];
}

/** Everything the exports of one game in one language are made from. */
export interface ExportInput {
  game: ResolvedGame;
  sets: readonly ExportSet[];
  /** The rulebook's sections (`buildRulebook(...).sections`); empty without a rulebook. */
  sections: readonly RulebookSection[];
}

export interface ExportOptions {
  /** Absolute path of the final folder `out/<game>/<lang>/`, for the file:/// URLs of TTS images. */
  outDir: string;
  /** When given, TTS image URLs are `<ttsBaseUrl>/<path relative to outDir>` instead of file:/// URLs. */
  ttsBaseUrl?: string;
}
