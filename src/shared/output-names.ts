/**
 * The names of the files a build writes at the top of `out/<game>/<lang>/`, for the game as a
 * whole and for each of its sets. Two outputs must never share one: the content checks refuse
 * an id that would give a second file one of these names (`output-clash`), and the output
 * folder refuses a second file at a path it has written.
 */
export const MANIFEST_FILE = 'manifest.json';
export const KIT_FILE = 'print-and-play.pdf';
export const RULEBOOK_FILE = 'rulebook.pdf';
export const RULEBOOK_PAGES_FILE = 'rulebook-pages.pdf';

/** `<set>.pdf`: a set's sheets (cards, tiles, tokens, a board, standees). */
export const setSheetsFile = (setId: string): string => `${setId}.pdf`;

/** `<set>-box.pdf`: the tuck box of a set that asks for one (`box: tuck`). */
export const tuckBoxFile = (setId: string): string => `${setId}-box.pdf`;

/** `<game>.json`: the engine export. */
export const engineJsonFile = (gameId: string): string => `${gameId}.json`;

/** The files of the game itself, whatever its sets, each with what it is. */
export const GAME_FILES: readonly (readonly [string, string])[] = [
  [MANIFEST_FILE, "the build's manifest"],
  [KIT_FILE, 'the print-and-play kit'],
  [RULEBOOK_FILE, 'the rulebook'],
  [RULEBOOK_PAGES_FILE, "the rulebook's pages"],
];

/** The folders of the exports besides `<game>.json`: Tabletop Simulator's, and the print shops'. */
export const TTS_FOLDER = 'tts';
export const SHOPS_FOLDER = 'shops';

/**
 * Whether the exports that a build cache keeps under one key (the engine JSON and Tabletop
 * Simulator's files; the print shops' are made apart) write a file of this kind at `relative`:
 * nothing else of a build lies there, and nothing of another kind (a kit to print) comes from them.
 */
export const exportWrites = (gameId: string, file: { path: string; entry: { kind: string } }): boolean =>
  file.path === engineJsonFile(gameId) ? file.entry.kind === 'engine-json' : file.path.startsWith(`${TTS_FOLDER}/`) && (file.entry.kind === 'tts-sheet' || file.entry.kind === 'tts-json');
