import type { GameTexts, TextEntry } from './collect-texts.js';
import type { TextEdit } from './edit-yaml.js';
import type { ImportFile, ImportRow } from './read-rows.js';

/** One text to write, and the source text its translator saw (hashed into the lock). */
export interface PlannedText {
  texts: GameTexts;
  entry: TextEntry;
  lang: string;
  edit: TextEdit;
  sourceSeen: string;
  /** The source text changed since the export: the translation is written but stays stale. */
  stale: boolean;
  where: string;
}

export interface ImportPlan {
  planned: PlannedText[];
  unchanged: number;
  /** Rows with an empty target text: nothing to write. */
  empty: number;
  /** Rows that cannot be imported; when there are any, nothing is written. */
  problems: string[];
  warnings: string[];
}

const short = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 37)}...` : text);

/** A game's texts by their id, made once for all the rows of a file (a file of 10 000 rows searched 10 000 texts for each). */
type EntriesById = (texts: GameTexts) => ReadonlyMap<string, TextEntry>;

function entriesById(): EntriesById {
  const made = new Map<GameTexts, Map<string, TextEntry>>();
  return (texts) => {
    let byId = made.get(texts);
    if (!byId) {
      byId = new Map();
      // The first of a key, as a search from the start finds it.
      for (const entry of texts.entries) if (!byId.has(entry.key)) byId.set(entry.key, entry);
      made.set(texts, byId);
    }
    return byId;
  };
}

function planRow(row: ImportRow, all: readonly GameTexts[], file: ImportFile, plan: ImportPlan, options: { force?: boolean }, entries: EntriesById): PlannedText | undefined {
  const texts = all.find((t) => t.id === row.game);
  if (!texts) {
    plan.problems.push(`${row.where}: there is no game "${row.game}" here (the games are ${all.map((t) => t.id).join(', ')})`);
    return undefined;
  }
  const source = texts.sourceLanguage;
  const lang = file.languages.find((l) => l !== source);
  if (!file.languages.includes(source) || !lang || !texts.languages.includes(lang)) {
    plan.problems.push(`${row.where}: the game "${texts.id}" translates from ${source} into ${texts.languages.filter((l) => l !== source).join(', ')}; this file has ${file.languages.join(' and ')}`);
    return undefined;
  }
  const entry = entries(texts).get(row.id);
  if (!entry) {
    plan.problems.push(`${row.where}: the game "${texts.id}" has no text ${row.id || '(no id)'} any more (an item removed or renamed?); its row is not imported`);
    return undefined;
  }
  const text = row.texts[lang] ?? '';
  const current = typeof entry.value === 'string' ? entry.value : entry.value[lang];
  if (text.trim() === '') {
    plan.empty++;
    return undefined;
  }
  if (text === current) {
    plan.unchanged++;
    return undefined;
  }
  const sourceSeen = row.texts[source] ?? '';
  const sourceNow = typeof entry.value === 'string' ? entry.value : (entry.value[source] ?? '');
  const stale = sourceSeen !== sourceNow;
  if (stale && !options.force) {
    plan.problems.push(`${row.where}: the ${source} text of ${row.id} is now ${short(sourceNow)}, not ${short(sourceSeen)} as exported; translate the new text (export again), or import with --force to write it anyway`);
    return undefined;
  }
  if (stale) plan.warnings.push(`${row.where}: the ${source} text of ${row.id} is now ${short(sourceNow)}, not ${short(sourceSeen)} as exported; the ${lang} text is written (--force) but stays stale`);
  const plain = entry.value;
  const edit: TextEdit = { pointer: entry.pointer, lang, text };
  // A plain string becomes a map: the other languages keep printing what they printed.
  if (typeof plain === 'string') edit.map = Object.fromEntries(texts.languages.map((l) => [l, l === lang ? text : plain]));
  return { texts, entry, lang, edit, sourceSeen, stale, where: row.where };
}

/**
 * What importing a translator's file would write; nothing is touched yet. Rows are matched by
 * their text's stable id; a row whose source text changed since it was exported is a problem
 * (nothing is written) unless `force` is set.
 */
export function planImport(all: readonly GameTexts[], file: ImportFile, options: { force?: boolean } = {}): ImportPlan {
  const plan: ImportPlan = { planned: [], unchanged: 0, empty: 0, problems: [], warnings: [] };
  const seen = new Map<string, string>();
  const entries = entriesById();
  for (const row of file.rows) {
    const key = `${row.game}\0${row.id}`;
    const first = seen.get(key);
    if (first !== undefined) {
      plan.problems.push(`${row.where}: the same text as ${first} (${row.id}); keep one row per text`);
      continue;
    }
    seen.set(key, row.where);
    const planned = planRow(row, all, file, plan, options, entries);
    if (planned) plan.planned.push(planned);
  }
  return plan;
}
