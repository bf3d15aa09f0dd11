import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { LoadedYaml } from './load-yaml.js';
import type { Game } from './schema/game.js';
import type { ComponentSet } from './schema/set.js';
import type { Template } from './schema/template.js';
import type { SheetSource } from './sheets/load-sheet-items.js';

/** A template file found by name, in the game's own templates/ or in the shared ones. */
export interface LoadedTemplate {
  name: string;
  origin: 'game' | 'shared';
  source: LoadedYaml;
  /** Present when the file passed its schema. */
  data?: Template;
  /** The template it extends, once resolved. */
  base?: LoadedTemplate;
}

export interface LoadedSet {
  /** As written in game.yaml. */
  written: string;
  source: LoadedYaml;
  /** Present when the file passed its schema. */
  data?: ComponentSet;
  /** Pointers (within the file) of the texts that hold one entry per language. */
  localized: string[];
  front?: LoadedTemplate;
  back?: LoadedTemplate;
  /** The spreadsheet the items were read from, to point at their cells. */
  sheet?: SheetSource;
}

export interface LoadedGame {
  /** Absolute game folder. */
  dir: string;
  source: LoadedYaml;
  /** Present when game.yaml passed its schema. */
  data?: Game;
  sets: LoadedSet[];
  /** Templates by absolute file path. */
  templates: Map<string, LoadedTemplate>;
}

export interface ContentCheck {
  games: LoadedGame[];
  diagnostics: Diagnostic[];
}

/** Sink that checks add their findings to. */
export type Report = (d: Diagnostic) => void;
