import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GameTexts } from './collect-texts.js';
import { applyTextEdits, EditError } from './edit-yaml.js';
import { hashText, readLock, writeLock } from './lock-file.js';
import { planImport, type ImportPlan, type PlannedText } from './plan-import.js';
import type { ImportFile } from './read-rows.js';

export interface ImportResult extends Omit<ImportPlan, 'planned'> {
  /** The texts written (empty when there were problems). */
  written: PlannedText[];
  /** Absolute paths of the YAML files and lock files written. */
  files: string[];
}

function loadedText(planned: PlannedText): string {
  const { game } = planned.texts;
  const file = path.join(game.dir, planned.entry.file);
  const loaded = [game.source, ...game.sets.map((s) => s.source), ...[...game.templates.values()].map((t) => t.source)].find((s) => s.file.path === file);
  return loaded?.file.text ?? '';
}

/** The new text of each YAML file, or the problems that prevent writing any. */
function editFiles(planned: readonly PlannedText[]): { edited: Map<string, string>; problems: string[] } {
  const byFile = new Map<string, PlannedText[]>();
  for (const p of planned) {
    const file = path.join(p.texts.game.dir, p.entry.file);
    const group = byFile.get(file);
    if (group) group.push(p);
    else byFile.set(file, [p]);
  }
  const edited = new Map<string, string>();
  const problems: string[] = [];
  for (const [file, edits] of byFile) {
    const raw = readFileSync(file, 'utf8');
    const bom = raw.startsWith('\uFEFF') ? '\uFEFF' : '';
    const before = raw.slice(bom.length);
    if (before !== loadedText(edits[0]!)) {
      problems.push(`${file} changed while it was being read; run the import again`);
      continue;
    }
    try {
      edited.set(file, bom + applyTextEdits(before, edits.map((e) => e.edit)));
    } catch (error) {
      if (!(error instanceof EditError)) throw error;
      problems.push(`${edits.map((e) => e.where).join(', ')}: cannot write into ${edits[0]!.entry.file}: ${error.message}`);
    }
  }
  return { edited, problems };
}

/** Records, in each game's lock, the hash of the source text each written translation was made from. */
function updateLocks(written: readonly PlannedText[]): string[] {
  const groups = new Map<string, PlannedText[]>();
  for (const p of written) {
    const key = `${p.texts.game.dir}\0${p.lang}`;
    const group = groups.get(key);
    if (group) group.push(p);
    else groups.set(key, [p]);
  }
  return [...groups.values()].map((group) => {
    const { texts, lang } = group[0]!;
    const lock = readLock(texts.game.dir, lang, texts.sourceLanguage);
    for (const p of group) lock.hashes.set(p.entry.key, hashText(p.sourceSeen));
    return writeLock(texts.game.dir, lang, { source: texts.sourceLanguage, hashes: lock.hashes, paragraphs: lock.paragraphs });
  });
}

/**
 * Writes a translator's file back into the content: only the texts whose target changed,
 * each spliced into its YAML file in place (comments and formatting kept; a plain string
 * becomes a `{en: …, fr: …}` map), then the lock entries of those texts. Every row is checked
 * first (game, language, file, pointer, one row per text) and every edit is parsed back; on
 * any problem nothing is written. With `dryRun`, says what would be written.
 */
export function importTexts(all: readonly GameTexts[], file: ImportFile, options: { dryRun?: boolean; force?: boolean } = {}): ImportResult {
  const plan = planImport(all, file, { force: options.force });
  const nothing = { ...plan, written: [], files: [] };
  if (plan.problems.length > 0) return nothing;
  const { edited, problems } = editFiles(plan.planned);
  if (problems.length > 0) return { ...nothing, problems };
  if (options.dryRun) return { ...plan, written: plan.planned, files: [] };
  for (const [target, text] of edited) {
    const temporary = `${target}.${process.pid}.tmp`;
    writeFileSync(temporary, text);
    renameSync(temporary, target);
  }
  const locks = updateLocks(plan.planned);
  return { ...plan, written: plan.planned, files: [...edited.keys(), ...locks] };
}
