import { LineCounter, parseDocument, type Document } from '../vendor/yaml.js';
import { findYamlNode } from './find-yaml-node.js';

export interface FrontMatter {
  /** The parsed map; empty when there is none or it cannot be read. */
  data: Record<string, unknown>;
  /** The Markdown with the front matter blanked out (same line numbers as the file). */
  body: string;
  /** 1-based file line of the key at `path` (or of the nearest key above it). */
  lineOf: (path: readonly (string | number)[]) => number;
  problems: { code: string; message: string; line: number }[];
}

const OPEN = /^---[ \t]*\r?\n/;
const CLOSE = /^(---|\.\.\.)[ \t]*$/m;

/** Where the key of the deepest existing entry on `path` starts, through the yaml document. */
function keyLine(doc: Document, counter: LineCounter, path: readonly (string | number)[]): number | undefined {
  for (let depth = findYamlNode(doc, path).depth; depth > 0; depth--) {
    const key = findYamlNode(doc, path.slice(0, depth)).keyNode;
    if (key?.range) return counter.linePos(key.range[0]).line;
  }
  return undefined;
}

/**
 * Splits YAML front matter (`---` on the first line, up to the next `---` or `...`) from the
 * Markdown, parsing it with `yaml` so problems point at their line. The body keeps the file's
 * line numbers: the front matter lines become empty lines.
 */
export function splitFrontMatter(markdown: string): FrontMatter {
  const source = markdown.replace(/^\uFEFF/, '');
  const none: FrontMatter = { data: {}, body: source, lineOf: () => 1, problems: [] };
  const open = OPEN.exec(source);
  if (!open) return none;
  const rest = source.slice(open[0].length);
  const close = CLOSE.exec(rest);
  if (!close) return none;
  const yamlText = rest.slice(0, close.index);
  const consumed = open[0].length + close.index + close[0].length;
  const blank = source.slice(0, consumed).replace(/[^\n]/g, '');
  const body = blank + source.slice(consumed);
  const counter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter: counter, prettyErrors: false });
  // File line = line inside the YAML + 1 (the opening ---).
  const lineOf = (path: readonly (string | number)[]) => (keyLine(doc, counter, path) ?? 0) + 1;
  const problems: FrontMatter['problems'] = doc.errors.map((error) => ({
    code: 'yaml-syntax',
    message: `the front matter is not valid YAML: ${error.message.split('\n')[0]}`,
    line: counter.linePos(error.pos[0]).line + 1,
  }));
  if (problems.length > 0) return { data: {}, body, lineOf, problems };
  const data = doc.toJS() as unknown;
  if (data === null || data === undefined) return { data: {}, body, lineOf, problems };
  if (typeof data !== 'object' || Array.isArray(data)) {
    problems.push({ code: 'wrong-type', message: 'the front matter must be a map of keys, such as "style: {size: 8}"', line: 2 });
    return { data: {}, body, lineOf, problems };
  }
  return { data: data as Record<string, unknown>, body, lineOf, problems };
}
