import { readFileSync, statSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { Lexer, visit, type Document } from '../vendor/yaml.js';
import { parseYamlDocument } from '../shared/parse-yaml-document.js';
import { BUDGETS, formatBudget } from '../shared/budgets.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { diagnosticAt, makeSourceFile, spanOf, type SourceFile } from './source.js';

/** Larger YAML files are refused: content files are small, and a huge one is a mistake. */
export const MAX_YAML_BYTES = BUDGETS.yamlBytes;
/** Aliases a document may expand; a "billion laughs" document needs far more. */
export const MAX_ALIAS_COUNT = BUDGETS.yamlAliases;

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

/** Why a file is not UTF-8 text, and the 1-based line and column of the first byte at fault. */
export interface UndecodableText {
  code: 'binary-file' | 'not-utf8';
  problem: string;
  line: number;
  column: number;
}

/** Line and column of a byte offset, counting characters of the valid UTF-8 before it. */
function positionOf(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  const before = new TextDecoder('utf-8').decode(bytes.subarray(lineStart, offset));
  return { line, column: [...before].length + 1 };
}

/** The offset of the first byte that is not part of a valid UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need < 0) return i;
    if (need > 0) {
      const sequence = bytes.subarray(i, i + need + 1);
      if (sequence.length < need + 1) return i;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(sequence);
      } catch {
        return i;
      }
    }
    i += need + 1;
  }
  return bytes.length;
}

/** UTF-16 text: a byte-order mark, or ASCII letters with a NUL byte beside each. */
function looksUtf16(bytes: Uint8Array): 'LE' | 'BE' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'LE';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'BE';
  const sample = bytes.subarray(0, Math.min(bytes.length, 512) & ~1);
  if (sample.length < 4) return undefined;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < sample.length; i += 2) {
    if (sample[i] === 0) evenNul++;
    if (sample[i + 1] === 0) oddNul++;
  }
  const pairs = sample.length / 2;
  if (oddNul > pairs * 0.8 && evenNul === 0) return 'LE';
  if (evenNul > pairs * 0.8 && oddNul === 0) return 'BE';
  return undefined;
}

/** Text of a file, or why it is not a text file we can read, with the line and column of the first byte at fault. */
export function decodeText(bytes: Uint8Array): { text: string } | UndecodableText {
  const utf16 = looksUtf16(bytes);
  if (utf16) {
    return {
      code: 'not-utf8',
      problem: `this file is UTF-16 text (${utf16 === 'LE' ? 'little' : 'big'}-endian); save it as UTF-8 (in most editors: "Save with encoding", UTF-8)`,
      line: 1,
      column: 1,
    };
  }
  const nul = bytes.indexOf(0);
  // Valid text (nearly every file) is told so natively; the first bad byte is looked for only in a file that has one.
  const invalid = isUtf8(bytes) ? bytes.length : firstInvalidUtf8(bytes);
  // A NUL byte makes it binary (an image, an archive); reported where it stops being text.
  if (nul >= 0) return { code: 'binary-file', problem: 'this is a binary file, not text (it contains NUL bytes; it stops being text here)', ...positionOf(bytes, Math.min(nul, invalid)) };
  if (invalid < bytes.length) {
    return { code: 'not-utf8', problem: 'this file is not valid UTF-8 text from here on; save it as UTF-8', ...positionOf(bytes, invalid) };
  }
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

/** The control tokens of yaml's lexer: markers that take no room in the source. */
const LEXER_CONTROL = new Set(['\u{FEFF}', '\x02', '\x18', '\x1f']);

/**
 * Counts the scalars of a YAML text with yaml's lexer (fast, and holding no tree) and returns the
 * offset of the first one past the budget: a file of a million tiny values would take gigabytes
 * once parsed into a document. Each scalar the lexer counts takes at least one character, so a
 * text no longer than the budget is not lexed for it (every game file: lexing first took a
 * third of reading City of Thieves' 26 files).
 */
function scalarPastBudget(text: string): number | undefined {
  if (text.length <= BUDGETS.yamlScalars) return undefined;
  let offset = 0;
  let scalars = 0;
  for (const token of new Lexer().lex(text)) {
    if (token === '\x1f') {
      if (++scalars > BUDGETS.yamlScalars) return offset;
      continue;
    }
    if (!LEXER_CONTROL.has(token)) offset += token.length;
  }
  return undefined;
}

/** The first alias that stands inside the node its anchor names (`&x {a: *x}`, or a merge `<<: *x` in map x): data without end. */
function selfReferencingAlias(doc: Document): [number, number] | undefined {
  let found: [number, number] | undefined;
  visit(doc, {
    Alias(_key, node) {
      const target = node.resolve(doc);
      if (target?.range && node.range && node.range[0] >= target.range[0] && node.range[1] <= target.range[2]) {
        found = [node.range[0], node.range[1]];
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
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

/**
 * The last parse of each file and the text it was made from, kept in a process that builds
 * again and again (`build --watch`, the preview: see rememberParsedYaml): a save changes one
 * file, and the next build parsed every file of the game again (City of Thieves: 26 files, a
 * sixth of a rebuild's time after a save). The data is kept as a copy and given out as one, so
 * that what a build does to its data (defaults filled in) never reaches the next build.
 */
let parsed: Map<string, { text: string; loaded: LoadedYaml }> | undefined;
/** The most text kept so (beyond it, the files first kept are let go): a parsed document takes many times its text (the shipped games: 0.5 MB of YAML). */
const MAX_PARSED_CHARS = 4 * 1024 * 1024;
let parsedChars = 0;

/** From now on, keeps each file's parse for the builds after this one (see `parsed`). */
export function rememberParsedYaml(): void {
  parsed ??= new Map();
}

const copyOfLoaded = (loaded: LoadedYaml): LoadedYaml => ({ ...loaded, data: structuredClone(loaded.data), diagnostics: loaded.diagnostics.map((d) => ({ ...d })) });

/** Parses YAML text, turning every syntax problem into a diagnostic. Never throws. */
export function parseYaml(filePath: string, text: string): LoadedYaml {
  const kept = parsed?.get(filePath);
  if (kept?.text === text) return copyOfLoaded(kept.loaded);
  const loaded = parseYamlText(filePath, text);
  if (parsed && text.length <= MAX_PARSED_CHARS) {
    if (kept) parsedChars -= kept.text.length;
    parsed.delete(filePath);
    parsed.set(filePath, { text, loaded: copyOfLoaded(loaded) });
    parsedChars += text.length;
    for (const [file, entry] of parsed) {
      if (parsedChars <= MAX_PARSED_CHARS) break;
      parsed.delete(file);
      parsedChars -= entry.text.length;
    }
  }
  return loaded;
}

function parseYamlText(filePath: string, text: string): LoadedYaml {
  const file = makeSourceFile(filePath, text);
  const diagnostics: Diagnostic[] = [];
  if (text.trim() === '' || text.split('\n').every((l) => /^\s*(#.*)?$/.test(l))) {
    diagnostics.push(fileDiagnostic(file, 'empty-file', 'this file is empty; it needs at least the keys its schema requires'));
    return { file, data: undefined, diagnostics };
  }
  const past = scalarPastBudget(text);
  if (past !== undefined) {
    diagnostics.push({
      severity: 'error',
      code: 'out-of-range',
      message: `this file holds more than ${formatBudget(BUDGETS.yamlScalars)} values (this one is past that); split it, or write long lists as shorter ones`,
      file: file.path,
      ...spanOf(file, past, past + 1),
    });
    return { file, data: undefined, diagnostics };
  }
  const doc = parseYamlDocument(text, { prettyErrors: false, strict: true, keepSourceTokens: false, merge: true });
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
  // An alias names an anchor ("&name"): a text without one has no alias to follow.
  const loop = text.includes('&') ? selfReferencingAlias(doc) : undefined;
  if (loop) {
    diagnostics.push({
      severity: 'error',
      code: 'alias-limit',
      message: 'this alias stands inside the very map or list its anchor names, so the data would never end; write the values out instead',
      file: file.path,
      ...spanOf(file, loop[0], loop[1]),
    });
    return { file, doc, data: undefined, diagnostics };
  }
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
      const what = info.isDirectory() ? 'a folder' : info.isFIFO() ? 'a named pipe' : 'a device or a socket';
      return { file: empty, data: undefined, diagnostics: [fileDiagnostic(empty, info.isDirectory() ? 'missing-file' : 'not-a-regular-file', `this is ${what}, not a file`)] };
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
    const { line, column } = decoded;
    return { file: empty, data: undefined, diagnostics: [{ severity: 'error', code: decoded.code, message: decoded.problem, file: empty.path, line, column, endLine: line, endColumn: column + 1 }] };
  }
  return parseYaml(filePath, decoded.text);
}

export { diagnosticAt };
