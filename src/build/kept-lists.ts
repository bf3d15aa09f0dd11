import type { ResolvedGame } from '../resolve/model.js';
import { checkFileAccessIn, realRoots } from '../shared/file-access.js';
import { FONT_STYLES } from '../shared/fonts.js';
import { SHARED_TEMPLATES_DIR } from '../shared/game-paths.js';
import { isRecord } from '../shared/is-record.js';

/** The checks of what the cache keeps that holds display lists: a list alone, a face's layout, a rulebook's. */
export interface KeptChecks {
  list: (value: unknown) => boolean;
  layout: (value: unknown) => boolean;
  rulebook: (value: unknown) => boolean;
}

/**
 * What a display list kept in the build cache (a face's layout, a rulebook's pages, a kit's
 * contents page) must be to be drawn: a list's shape, naming no file but the game's fonts and
 * images inside the game or the shared templates. A cache can come with a game from a
 * stranger: a kept list naming a file elsewhere would draw a private picture into out/, or
 * open a FIFO and wait for ever. A list that is not so is laid out again.
 */
export function keptListCheck(game: Pick<ResolvedGame, 'dir' | 'fonts'>): KeptChecks {
  const fonts = new Set<string>();
  for (const family of game.fonts.families()) {
    for (const [weight, style] of FONT_STYLES) {
      const path = game.fonts.face(family, weight, style)?.face.path;
      if (path !== undefined) fonts.add(path);
    }
  }
  const roots = realRoots([game.dir, SHARED_TEMPLATES_DIR]);
  /** A regular file inside the game or the shared templates. */
  const inside = (file: unknown) => typeof file === 'string' && checkFileAccessIn(file, roots).ok;
  const problems = keptProblems(inside);
  const items = (value: unknown): boolean =>
    Array.isArray(value) &&
    value.every(
      (item) =>
        isRecord(item) &&
        typeof item['type'] === 'string' &&
        (item['type'] !== 'image' || (isRecord(item['source']) && (item['source']['path'] === undefined || inside(item['source']['path'])))) &&
        (item['type'] !== 'group' || items(item['items'])),
    );
  const list = (value: unknown) =>
    isRecord(value) &&
    typeof value['width'] === 'number' &&
    typeof value['height'] === 'number' &&
    typeof value['bleed'] === 'number' &&
    isRecord(value['fonts']) &&
    Object.values(value['fonts']).every((face) => isRecord(face) && typeof face['path'] === 'string' && fonts.has(face['path'])) &&
    items(value['items']);
  return {
    list,
    // A face's layout (build-game.ts): its list, its problems, and the images it found.
    layout: (value) =>
      isRecord(value) &&
      list(value['list']) &&
      problems(value['problems']) &&
      Array.isArray(value['images']) &&
      value['images'].every((entry) => Array.isArray(entry) && entry.length === 2 && inside(entry[0]) && isRecord(entry[1])),
    // A rulebook's layout (RulebookLayout): its pages, problems and sections.
    rulebook: (value) =>
      isRecord(value) && Array.isArray(value['pages']) && value['pages'].every(list) && problems(value['problems']) && Array.isArray(value['sections']) && value['sections'].every(isRecord),
  };
}

/**
 * Problems as a kept layout holds them: each a record with its words, pointing into a file
 * inside the game or the shared templates. A problem is printed with the lines of its file
 * around it: one naming a file elsewhere put a private file's lines into a check's output.
 */
function keptProblems(inside: (file: unknown) => boolean): (value: unknown) => boolean {
  return (value) =>
    Array.isArray(value) &&
    value.every(
      (p) =>
        isRecord(p) &&
        (p['severity'] === 'error' || p['severity'] === 'warning') &&
        typeof p['code'] === 'string' &&
        typeof p['message'] === 'string' &&
        typeof p['pointer'] === 'string' &&
        inside(p['file']),
    );
}
