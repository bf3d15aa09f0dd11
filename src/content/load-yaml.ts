import { readFileSync, statSync } from 'node:fs';
import { parseDocument, visit, type Document } from 'yaml';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { diagnosticAt, makeSourceFile, spanOf, type SourceFile } from './source.js';

/** Larger YAML files are refused: content files are small, and a huge one is a mistake. */
export const MAX_YAML_BYTES = 4 * 1024 * 1024;
/** Aliases a document may expand; a "billion laughs" document needs far more. */
export const MAX_ALIAS_COUNT = 1000;

export interface LoadedYaml {
  file: SourceFile;
  /** Absent when the file could not be parsed at all. */
  doc?: Document;
  /** The plain data, or undefined when the file has errors that make it unusable. */
  data: unknown;
  diagnostics: Diagnostic[];
}

function fileDiagnostic(file: SourceFile, code: string, message: string): Diagnostic {
  return { severity: 'error', code, message, file: file.path, ...spanOf(file, 0, 1) };
}

/** Text of a file, or a diagnostic saying why it is not a text file we can read. */
export function decodeText(bytes: Uint8Array): { text: string } | { code: 'binary-file' | 'not-utf8'; problem: string } {
  if (bytes.includes(0)) return { code: 'binary-file', problem: 'this is a binary file, not text (it contains NUL bytes)' };
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  } catch {
    return { code: 'not-utf8', problem: 'this file is not valid UTF-8 text; save it as UTF-8' };
  }
}

/** What the YAML parser says, in words a designer can act on. */
const FRIENDLY: Record<string, string> = {
  MULTIPLE_DOCS: 'this file holds several YAML documents (separated by "---"); keep one',
  IMPLICIT_KEY_TOO_LONG: 'a key is too long, or a colon is missing a space after it ("power: 3", not "power:3")',
  MULTILINE_IMPLICIT_KEY: 'a key must stay on one line; check for a missing space after a colon ("power: 3", not "power:3") or an unclosed quote',
  BLOCK_AS_IMPLICIT_KEY: 'a list or map cannot be a key; check the indentation of this line and the one above',
  TAB_AS_INDENT: 'tabs cannot indent YAML; use spaces',
  BAD_INDENT: 'this line is not indented like the lines around it',
  TAG_RESOLVE_FAILED: 'this tag (a word after "!") means nothing here; remove it',
  BAD_ALIAS: 'this alias (a word after "*") names no anchor (a word after "&") above it',
};

function friendlyYamlMessage(code: string, message: string): string {
  if (code === 'MULTILINE_IMPLICIT_KEY' || code === 'IMPLICIT_KEY_TOO_LONG' || /Implicit keys need to be on a single line/.test(message)) return FRIENDLY['MULTILINE_IMPLICIT_KEY']!;
  if (/Nested mappings are not allowed in compact mappings/.test(message)) return 'a value holds a second "key: value"; put the value in quotes if it contains ": ", or move the inner map to its own indented lines';
  return FRIENDLY[code] ?? message;
}

/** Parses YAML text, turning every syntax problem into a diagnostic. Never throws. */
export function parseYaml(filePath: string, text: string): LoadedYaml {
  const file = makeSourceFile(filePath, text);
  const diagnostics: Diagnostic[] = [];
  if (text.trim() === '' || text.split('\n').every((l) => /^\s*(#.*)?$/.test(l))) {
    diagnostics.push(fileDiagnostic(file, 'empty-file', 'this file is empty; it needs at least the keys its schema requires'));
    return { file, data: undefined, diagnostics };
  }
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false, strict: true, keepSourceTokens: false, merge: true });
  let syntaxErrors = 0;
  for (const error of doc.errors) {
    let [start, end] = error.pos;
    if (error.code === 'DUPLICATE_KEY') {
      const key = /^[^\s:#]+|^"[^"]*"|^'[^']*'/.exec(text.slice(start))?.[0] ?? '';
      end = start + Math.max(key.length, 1);
      diagnostics.push({
        severity: 'error',
        code: 'duplicate-key',
        message: `${key || 'this key'} appears twice in the same map; keep one`,
        file: file.path,
        ...spanOf(file, start, end),
      });
      continue;
    }
    // After the first syntax error the parser is lost: the errors that follow are its echoes.
    if (syntaxErrors++ > 0) continue;
    const message = friendlyYamlMessage(error.code, error.message.replace(/\s+/g, ' ').replace(/ at line \d+, column \d+.*$/, '').trim());
    diagnostics.push({ severity: 'error', code: 'yaml-syntax', message, file: file.path, ...spanOf(file, start, end) });
  }
  for (const warning of doc.warnings) {
    const message = friendlyYamlMessage(warning.code, warning.message.replace(/\s+/g, ' ').replace(/ at line \d+, column \d+.*$/, '').trim());
    diagnostics.push({ severity: 'warning', code: 'yaml-syntax', message, file: file.path, ...spanOf(file, warning.pos[0], warning.pos[1]) });
  }
  const echoes = syntaxErrors - 1;
  const first = diagnostics.find((d) => d.code === 'yaml-syntax' && d.severity === 'error');
  if (first && echoes > 0) first.message += ` (${echoes} more syntax error${echoes === 1 ? '' : 's'} after this one, most likely caused by it)`;
  if (diagnostics.some((d) => d.severity === 'error')) return { file, doc, data: undefined, diagnostics };
  try {
    const data: unknown = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    if (data === null || data === undefined) {
      diagnostics.push(fileDiagnostic(file, 'empty-file', 'this file holds no data'));
      return { file, doc, data: undefined, diagnostics };
    }
    return { file, doc, data, diagnostics };
  } catch (error) {
    if (error instanceof RangeError) {
      diagnostics.push({ severity: 'error', code: 'yaml-syntax', message: 'this file nests lists and maps too deeply to read', file: file.path, ...spanOf(file, 0, 1) });
      return { file, doc, data: undefined, diagnostics };
    }
    if (error instanceof ReferenceError && /alias/i.test(error.message)) {
      let start = 0;
      let end = 1;
      visit(doc, {
        Alias(_key, node) {
          if (node.range) [start, end] = [node.range[0], node.range[1]];
          return visit.BREAK;
        },
      });
      diagnostics.push({
        severity: 'error',
        code: 'alias-limit',
        message: `this file expands YAML aliases more than ${MAX_ALIAS_COUNT} times; write the data out instead of nesting aliases`,
        file: file.path,
        ...spanOf(file, start, end),
      });
      return { file, doc, data: undefined, diagnostics };
    }
    throw error;
  }
}

/** Reads and parses a YAML file; a missing, binary, huge or broken file gives diagnostics, not an exception. */
export function loadYaml(filePath: string): LoadedYaml {
  const empty = makeSourceFile(filePath, '');
  try {
    const info = statSync(filePath);
    if (!info.isFile()) {
      return { file: empty, data: undefined, diagnostics: [fileDiagnostic(empty, 'missing-file', 'this is a folder, not a file')] };
    }
    if (info.size > MAX_YAML_BYTES) {
      return {
        file: empty,
        data: undefined,
        diagnostics: [fileDiagnostic(empty, 'file-too-large', `this file is ${info.size} bytes; YAML content files may be at most ${MAX_YAML_BYTES}`)],
      };
    }
  } catch {
    return { file: empty, data: undefined, diagnostics: [fileDiagnostic(empty, 'missing-file', 'this file does not exist')] };
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(filePath);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'EACCES' ? 'permission denied' : (error as Error).message;
    return { file: empty, data: undefined, diagnostics: [fileDiagnostic(empty, 'unreadable-file', `this file cannot be read: ${reason}`)] };
  }
  const decoded = decodeText(bytes);
  if ('problem' in decoded) {
    return { file: empty, data: undefined, diagnostics: [fileDiagnostic(empty, decoded.code, decoded.problem)] };
  }
  return parseYaml(filePath, decoded.text);
}

export { diagnosticAt };
