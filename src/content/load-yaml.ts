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

/** Parses YAML text, turning every syntax problem into a diagnostic. Never throws. */
export function parseYaml(filePath: string, text: string): LoadedYaml {
  const file = makeSourceFile(filePath, text);
  const diagnostics: Diagnostic[] = [];
  if (text.trim() === '' || text.split('\n').every((l) => /^\s*(#.*)?$/.test(l))) {
    diagnostics.push(fileDiagnostic(file, 'empty-file', 'this file is empty; it needs at least the keys its schema requires'));
    return { file, data: undefined, diagnostics };
  }
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false, strict: true, keepSourceTokens: false });
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
    const message = error.message.replace(/\s+/g, ' ').replace(/ at line \d+, column \d+.*$/, '').trim();
    diagnostics.push({ severity: 'error', code: 'yaml-syntax', message, file: file.path, ...spanOf(file, start, end) });
  }
  const echoes = syntaxErrors - 1;
  const first = diagnostics.find((d) => d.code === 'yaml-syntax');
  if (first && echoes > 0) first.message += ` (${echoes} more syntax error${echoes === 1 ? '' : 's'} after this one, most likely caused by it)`;
  if (diagnostics.length > 0) return { file, doc, data: undefined, diagnostics };
  try {
    const data: unknown = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    if (data === null || data === undefined) {
      diagnostics.push(fileDiagnostic(file, 'empty-file', 'this file holds no data'));
      return { file, doc, data: undefined, diagnostics };
    }
    return { file, doc, data, diagnostics };
  } catch (error) {
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
