import { isDeepStrictEqual } from 'node:util';
import { isMap, isPair, isScalar, isSeq, type Document, type Node, type Pair, type Scalar, type YAMLMap } from '../vendor/yaml.js';
import { parseYamlDocument } from '../shared/parse-yaml-document.js';
import { findYamlNode, resolveAlias } from '../content/find-yaml-node.js';
import { fromPointer, valueAt } from '../shared/json-pointer.js';
import { formatScalar, type ScalarStyle } from './format-scalar.js';

/** One text to write: the entry of `lang` in the map at `pointer`, or the map that replaces a plain string. */
export interface TextEdit {
  pointer: string;
  lang: string;
  text: string;
  /** For a plain string: the whole map of languages it becomes, in the order to write it. */
  map?: Record<string, string>;
}

/** An edit that could not be made without risking the file: nothing is written. */
export class EditError extends Error {
  override name = 'EditError';
}

interface Splice {
  start: number;
  end: number;
  text: string;
}

const PARSE_OPTIONS = { strict: true, merge: true, prettyErrors: false } as const;

/** The node at `pointer` (an alias followed to what it stands for), or undefined when the path does not exist. */
function findNode(doc: Document, pointer: string): Node | undefined {
  const segments = fromPointer(pointer);
  const found = findYamlNode(doc, segments);
  if (found.depth !== segments.length) return undefined;
  return (resolveAlias(doc, found.node) as Node | null) ?? undefined;
}

/** The end of a node's own text: block scalars' ranges run over the newlines after them. */
function trimmedEnd(source: string, start: number, end: number): number {
  return start + source.slice(start, end).replace(/\s+$/, '').length;
}

/** Spaces as wide as what precedes `offset` on its line ("  - " counts as four). */
function indentAt(source: string, offset: number): string {
  return ' '.repeat(offset - (source.lastIndexOf('\n', offset - 1) + 1));
}

function scalarStyle(node: unknown): ScalarStyle | undefined {
  return isScalar(node) && typeof node.value === 'string' ? node.type : undefined;
}

function replaceScalar(source: string, node: Scalar, value: string, flow: boolean, newline: string): Splice {
  const [start, valueEnd] = node.range!;
  const end = trimmedEnd(source, start, valueEnd);
  const firstLine = source.indexOf(newline, start);
  const indent = firstLine >= 0 && firstLine < end ? /^[ ]*/.exec(source.slice(firstLine + newline.length))![0] : undefined;
  return { start, end, text: formatScalar(value, { flow, style: scalarStyle(node), indent, newline }) };
}

function addEntry(source: string, map: YAMLMap, lang: string, value: string, newline: string): Splice {
  const pairs = map.items as Pair<Scalar, Node>[];
  const last = pairs[pairs.length - 1];
  const style = scalarStyle(pairs[0]?.value);
  if (map.flow) {
    const close = source.lastIndexOf('}', map.range![1]);
    const at = trimmedEnd(source, map.range![0], close);
    const separator = pairs.length === 0 ? '' : source[at - 1] === ',' ? ' ' : ', ';
    return { start: at, end: at, text: `${separator}${lang}: ${formatScalar(value, { flow: true, style: style === 'PLAIN' ? undefined : style })}` };
  }
  if (!last?.value?.range || !pairs[0]?.key?.range) throw new EditError('cannot find where to add the text');
  const valueEnd = trimmedEnd(source, last.value.range[0], last.value.range[1]);
  const lineEnd = source.indexOf(newline, valueEnd);
  const at = lineEnd < 0 ? source.length : lineEnd;
  const indent = indentAt(source, pairs[0].key.range[0]);
  const written = formatScalar(value, { flow: false, style: style?.startsWith('BLOCK') ? 'QUOTE_DOUBLE' : style });
  return { start: at, end: at, text: `${newline}${indent}${lang}: ${written}` };
}

function flowMap(map: Record<string, string>): string {
  return `{${Object.entries(map).map(([lang, text]) => `${lang}: ${formatScalar(text, { flow: true })}`).join(', ')}}`;
}

function spliceFor(source: string, doc: Document, edit: TextEdit, newline: string): Splice {
  const node = findNode(doc, edit.pointer);
  if (!node || !node.range) throw new EditError(`there is no text at ${edit.pointer}`);
  if (node.anchor) throw new EditError(`the text at ${edit.pointer} carries a YAML anchor (&${node.anchor}); translate it by hand`);
  if (isScalar(node)) {
    if (!edit.map) throw new EditError(`the text at ${edit.pointer} is a plain string; expected a map of languages`);
    const start = node.range[0];
    return { start, end: trimmedEnd(source, start, node.range[1]), text: flowMap(edit.map) };
  }
  if (!isMap(node)) throw new EditError(`the value at ${edit.pointer} is neither a text nor a map of languages`);
  const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === edit.lang);
  if (!pair) return addEntry(source, node, edit.lang, edit.text, newline);
  if (!isScalar(pair.value) || !pair.value.range) throw new EditError(`the "${edit.lang}" text at ${edit.pointer} is not a string`);
  return replaceScalar(source, pair.value, edit.text, node.flow === true, newline);
}

/** The data the edits should give: the same, with each text set. */
function expectedData(data: unknown, edits: readonly TextEdit[]): unknown {
  const copy = structuredClone(data) as Record<string, unknown>;
  for (const edit of edits) {
    const segments = fromPointer(edit.pointer);
    const parent = valueAt(copy, segments.slice(0, -1)) as Record<string, unknown>;
    const last = segments[segments.length - 1]!;
    if (edit.map) parent[last] = { ...edit.map };
    else (parent[last] as Record<string, unknown>)[edit.lang] = edit.text;
  }
  return copy;
}

function readsAs(source: string, expected: unknown): boolean {
  const doc = parseYamlDocument(source, PARSE_OPTIONS);
  try {
    return doc.errors.length === 0 && isDeepStrictEqual(doc.toJS(), expected);
  } catch {
    return false;
  }
}

/**
 * The source with every splice made, in one pass over it (a set of 5 000 items translated made
 * 10 000 copies of its file, one a splice); splices that overlap are made one at a time, from
 * the last one back, as they always were.
 */
function spliced(source: string, splices: readonly Splice[]): string {
  // In the order splices made from the last one back leave them: at one place, the last edit first.
  const ordered = splices.map((s, i) => ({ ...s, i })).sort((a, b) => a.start - b.start || b.i - a.i);
  if (ordered.some((s, i) => i > 0 && s.start < ordered[i - 1]!.end)) {
    let result = source;
    for (const s of [...splices].sort((a, b) => b.start - a.start)) result = result.slice(0, s.start) + s.text + result.slice(s.end);
    return result;
  }
  const parts: string[] = [];
  let at = 0;
  for (const s of ordered) {
    parts.push(source.slice(at, s.start), s.text);
    at = s.end;
  }
  parts.push(source.slice(at));
  return parts.join('');
}

/**
 * Writes texts into YAML source by splicing only the characters that change, so comments,
 * quoting, key order and every other line stay as written (re-printing the whole document
 * with `String(doc)` rewrites much of the file). The result is parsed back and must give the
 * same data with exactly these texts set; otherwise EditError and nothing changes.
 */
export function applyTextEdits(source: string, edits: readonly TextEdit[]): string {
  const doc = parseYamlDocument(source, PARSE_OPTIONS);
  if (doc.errors.length > 0) throw new EditError(`the file cannot be parsed: ${doc.errors[0]!.message.split('\n')[0]}`);
  const newline = source.includes('\r\n') ? '\r\n' : '\n';
  const result = spliced(source, edits.map((e) => spliceFor(source, doc, e, newline)));
  if (!readsAs(result, expectedData(doc.toJS(), edits))) {
    throw new EditError(`writing ${edits.map((e) => e.pointer).join(', ')} would not give the intended data`);
  }
  return result;
}
