import type { Face, PictureFace, TrimFace } from '../shared/face.js';
import type { RulebookSection } from '../shared/rulebook-section.js';
import type { ResolvedGame, ResolvedSet } from '../resolve/model.js';
import type { MakeBand } from '../shared/band-cells.js';
import type { PngBand } from '../shared/png-write.js';
import type { KeptTrim } from '../shared/trim-bytes.js';
import type { KeptFile } from '../shared/output-file.js';

export interface ExportSet {
  set: ResolvedSet;
  /** As `layoutSet` returns them (each front, per-item backs, or one shared back last). */
  faces: readonly Face[];
}

/** Everything the exports of one game in one language are made from. */
export interface ExportInput {
  game: ResolvedGame;
  sets: readonly ExportSet[];
  /** The rulebook's sections (`buildRulebook(...).sections`); empty without a rulebook. */
  sections: readonly RulebookSection[];
  /** The faces' pictures, as the build rendered them (the TTS images are cut and scaled from them). */
  picture: PictureFace;
  /**
   * The faces' trims at the sizes the TTS images take, as the build kept them when it drew the
   * faces; without it they are cut and scaled from `picture`.
   */
  trimmed?: TrimFace;
  /** Where the bands of deck sheets are kept between builds (a row of cards each); without it every band is made. */
  bands?: KeepBand;
  /**
   * Where a face's trim (as `trimmed` gives it) is kept, unread, if it is: a deck sheet's band
   * that holds it has it read where the band is made (see `band`).
   */
  keptTrim?: (face: Face, size: { width: number; height: number }) => Promise<KeptTrim | undefined>;
  /** Finishes the bands of deck sheets (on another thread); without it they are finished on this one. */
  band?: MakeBand;
  /** Where whole deck sheets (and a set's shared back) are kept between builds; without it every one is made. */
  sheets?: KeepImage;
  /** Where the images of tiles, tokens and standees are kept between builds; without it every one is made. */
  pieces?: KeepImage;
}

/**
 * Gives the band of a deck sheet that holds `faces` (one row of cards, at `cell` pixels each,
 * white past the last face up to `columns`), kept by an earlier build, or `make`s it and keeps it.
 */
export type KeepBand = (faces: readonly Face[], row: { columns: number; widthPx: number; heightPx: number }, make: () => Promise<PngBand>) => Promise<PngBand>;

/**
 * An image for Tabletop Simulator as a store of them gives it: the cache's copy (never read), or
 * the bytes just made, their SHA-256, and the key the store kept them under (if it could).
 */
export type KeptImage = { kept: KeptFile } | { bytes: Buffer; sha256: string; key?: string };

/**
 * Gives the PNG made from `faces` and `inputs` (what else the image is made from: its kind, size,
 * shape, grid) as an earlier build kept it, or `make`s it and keeps it: a deck sheet or a
 * piece's image (a tile's, token's or standee's face).
 */
export type KeepImage = (faces: readonly Face[], inputs: Record<string, unknown>, make: () => Promise<Buffer>) => Promise<KeptImage>;

export interface ExportOptions {
  /**
   * Absolute path of the build's output folder (`--out`, the folder that holds `<game>/<lang>/`),
   * where the files will finally be: TTS images are named by `file:///<outDir>/<game>/<lang>/tts/…`.
   */
  outDir: string;
  /**
   * The URL the output folder is served at (`--tts-base-url`); TTS images are then named by
   * `<ttsBaseUrl>/<game>/<lang>/tts/…` instead of file:/// URLs.
   */
  ttsBaseUrl?: string;
}
