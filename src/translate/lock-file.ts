import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from '../vendor/yaml.js';
import { parseYamlDocument } from '../shared/parse-yaml-document.js';
import { UsageError } from '../shared/errors.js';

/**
 * A lock file, `<game>/i18n/<lang>.lock.yaml`, remembers for each translated text the hash
 * of the source-language text it was translated from. When the source text changes, its hash
 * no longer matches and the translation is "stale". `i18n import` writes the entries of the
 * texts it writes; `i18n mark-current` accepts every present translation as it stands. Its
 * `rulebook` list holds the hashes of the rulebook's source paragraphs the translated rulebook
 * matched when it was last marked current: a source paragraph not in it is new or changed.
 */
export interface Lock {
  /** The source language the hashes were taken in. */
  source: string;
  /** Hash of the source text by text key (`sets/cards.yaml#/items/@oil/name`). */
  hashes: Map<string, string>;
  /** Hashes of the rulebook's source paragraphs the translated rulebook was last marked current against; undefined before the first mark. */
  paragraphs?: Set<string>;
}

export const LOCK_DIR = 'i18n';

export function lockPath(gameDir: string, lang: string): string {
  return path.join(gameDir, LOCK_DIR, `${lang}.lock.yaml`);
}

/** A short, stable fingerprint of a source text (SHA-256, Unicode-normalized, 16 hex digits). */
export function hashText(text: string): string {
  return createHash('sha256').update(text.normalize('NFC')).digest('hex').slice(0, 16);
}

/** The lock of `lang`, empty when there is none yet. */
export function readLock(gameDir: string, lang: string, source: string): Lock {
  const file = lockPath(gameDir, lang);
  if (!existsSync(file)) return { source, hashes: new Map() };
  const doc = parseYamlDocument(readFileSync(file, 'utf8'));
  const data = doc.errors.length === 0 ? (doc.toJS() as { source?: unknown; texts?: unknown; rulebook?: unknown } | null) : null;
  const texts = data?.texts ?? {};
  if (!data || typeof data.source !== 'string' || typeof texts !== 'object' || Array.isArray(texts) || texts === null) {
    throw new UsageError(`${file} is not a translation lock file; delete it and run "pocketpress i18n mark-current --lang ${lang}"`);
  }
  const hashes = new Map(Object.entries(texts as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const rulebook = Array.isArray(data.rulebook) ? new Set(data.rulebook.filter((h): h is string => typeof h === 'string')) : undefined;
  return { source: data.source, hashes, paragraphs: rulebook };
}

/** Writes the lock (keys sorted, so that diffs stay small), replacing the file at once. */
export function writeLock(gameDir: string, lang: string, lock: Lock): string {
  const file = lockPath(gameDir, lang);
  mkdirSync(path.dirname(file), { recursive: true });
  const texts = Object.fromEntries([...lock.hashes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const header = [
    `# For each ${lang} text, a hash of the ${lock.source} text it was translated from; a translation`,
    '# whose source text no longer has this hash is stale. Written by "pocketpress i18n import"',
    '# and "pocketpress i18n mark-current": keep it in version control, do not edit it by hand.',
  ].join('\n');
  const rulebook = lock.paragraphs ? { rulebook: [...lock.paragraphs].sort() } : {};
  const body = stringify({ source: lock.source, texts, ...rulebook }, { lineWidth: 0 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${header}\n${body}`);
  renameSync(temporary, file);
  return file;
}
