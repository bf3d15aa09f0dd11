import { fromPointer } from '../shared/json-pointer.js';
import path from 'node:path';
import { isMap, isSeq, LineCounter, type Document, type Node } from '../vendor/yaml.js';
import { findYamlNode, resolveAlias } from './find-yaml-node.js';
import type { Diagnostic, Severity } from '../diagnostics/diagnostic.js';

/** A file read from disk, kept so any stage can turn an offset into a line and column. */
export interface SourceFile {
  /** Absolute path. */
  path: string;
  text: string;
  lineCounter: LineCounter;
}

export function makeSourceFile(filePath: string, text: string): SourceFile {
  const lineCounter = new LineCounter();
  let offset = 0;
  lineCounter.addNewLine(0);
  for (;;) {
    const next = text.indexOf('\n', offset);
    if (next < 0) break;
    offset = next + 1;
    lineCounter.addNewLine(offset);
  }
  return { path: path.resolve(filePath), text, lineCounter };
}

export interface Span {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** A [start, end) byte range as 1-based line and column; a span over several lines is cut at the first line's end. */
export function spanOf(file: SourceFile, start: number, end: number): Span {
  const a = file.lineCounter.linePos(Math.min(start, file.text.length));
  let b = file.lineCounter.linePos(Math.min(Math.max(end, start), file.text.length));
  if (b.line !== a.line) {
    const lineEnd = file.text.indexOf('\n', start);
    const stop = lineEnd < 0 ? file.text.length : lineEnd;
    const trimmed = file.text.slice(start, stop).replace(/\s+$/, '');
    b = { line: a.line, col: a.col + Math.max(trimmed.length, 1) };
  }
  if (b.line === a.line && b.col <= a.col) b = { line: a.line, col: a.col + 1 };
  return { line: a.line, column: a.col, endLine: b.line, endColumn: b.col };
}

/**
 * What part of the node at a path to point at:
 * - `value`: the value itself (a wrong type, a bad value);
 * - `key`: the key naming it (an unknown key);
 * - `owner`: for a map, the key that names the map, or its first line (a missing key).
 */

export type Target = 'value' | 'key' | 'owner';

/** Where in the file the data at `pointer` comes from; the nearest existing parent when the path is missing. */
export function locate(file: SourceFile, doc: Document | undefined, pointer: string, target: Target = 'value'): Span {
  if (!doc) return spanOf(file, 0, 1);
  const segments = fromPointer(pointer);
  const found = findYamlNode(doc, segments);
  const complete = found.depth === segments.length;
  let chosen: Node | null = found.node;
  if (complete && target === 'key' && found.keyNode) chosen = found.keyNode;
  if (target === 'owner' || !complete) {
    const resolved = resolveAlias(doc, found.node) as Node | null;
    const collection = isMap(resolved) || isSeq(resolved);
    const flowInPlace = collection && complete && resolved.flow === true;
    if (collection && found.keyNode && !flowInPlace) chosen = found.keyNode;
  }
  const range = chosen?.range;
  if (!range) return spanOf(file, 0, 1);
  return spanOf(file, range[0], range[1]);
}

export interface DiagnosticInput {
  severity?: Severity;
  code: string;
  message: string;
  pointer?: string;
  target?: Target;
}

/** A diagnostic at the data of `pointer` in a YAML file. */
export function diagnosticAt(file: SourceFile, doc: Document | undefined, input: DiagnosticInput): Diagnostic {
  const span = input.pointer === undefined ? spanOf(file, 0, 1) : locate(file, doc, input.pointer, input.target);
  const d: Diagnostic = {
    severity: input.severity ?? 'error',
    code: input.code,
    message: input.message,
    file: file.path,
    ...span,
  };
  if (input.pointer !== undefined) d.path = input.pointer;
  return d;
}
