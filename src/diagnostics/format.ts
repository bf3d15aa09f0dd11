import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as BabelCodeFrame from '@babel/code-frame';
import { countDiagnostics, type Diagnostic } from './diagnostic.js';

export type OutputFormat = 'text' | 'json' | 'github';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['text', 'json', 'github'];

/** A file path as users see it: relative to the working directory, with forward slashes. */
export function displayPath(file: string, cwd: string): string {
  const rel = path.relative(cwd, file) || path.basename(file);
  return rel.split(path.sep).join('/');
}

const FRAME_WIDTH = 120;

/**
 * The lines a frame shows (the one above the span's first line to its last) and where the span
 * lies in them. Long lines around the span are cut to a window around it, so the frame stays
 * readable; the span's columns move with its line's cut.
 */
function windowed(lines: readonly string[], d: Diagnostic): { text: string; first: number; column: number; endColumn: number } {
  const first = Math.max(1, d.line - 1);
  const last = Math.min(lines.length, Math.max(d.line, d.endLine));
  const start = Math.max(0, d.column - 1 - FRAME_WIDTH / 2);
  const long = (line: string) => line.length > FRAME_WIDTH;
  const cut = (line: string) => (long(line) ? `${start > 0 ? '…' : ''}${line.slice(start, start + FRAME_WIDTH)}…` : line);
  const shift = long(lines[d.line - 1] ?? '') && start > 0 ? start - 1 : 0;
  const shown = lines.slice(first - 1, last).map((l, i) => (Math.abs(first + i - d.line) <= 1 ? cut(l) : l));
  return { text: shown.join('\n'), first, column: d.column - shift, endColumn: d.endLine === d.line ? Math.min(d.endColumn - shift, FRAME_WIDTH + 2) : d.endColumn };
}

/** @babel/code-frame, loaded when a frame is first printed: a build that reports nothing does without it (10 ms). */
let frames: typeof BabelCodeFrame | undefined;

/** A line of a frame: its marker ('>' at the span, else a space), line number (blank under a line: the span's carets), and the rest. */
const FRAME_LINE = /^([> ]) ( *)(\d*) \|(.*)$/;

/**
 * The frame of a diagnostic, made from the lines it shows alone (a file of 25 000 problems was
 * split and framed whole for each of them), numbered as in the file.
 */
function codeFrame(d: Diagnostic, readLines: (file: string) => readonly string[] | undefined): string {
  const lines = readLines(d.file);
  if (lines === undefined || (lines.length === 1 && lines[0] === '')) return '';
  const { text, first, column, endColumn } = windowed(lines, d);
  frames ??= createRequire(import.meta.url)('@babel/code-frame') as typeof BabelCodeFrame;
  const frame = frames.codeFrameColumns(
    text,
    { start: { line: d.line - first + 1, column }, end: { line: d.endLine - first + 1, column: endColumn } },
    { linesAbove: 1, linesBelow: 0, highlightCode: false },
  );
  const width = String(Math.min(lines.length, Math.max(d.line, d.endLine))).length;
  return frame
    .split('\n')
    .map((l) => {
      const parts = FRAME_LINE.exec(l);
      const renumbered = parts ? `${parts[1]} ${parts[3] ? String(Number(parts[3]) + first - 1).padStart(width) : ' '.repeat(width)} |${parts[4]}` : l;
      return `  ${renumbered}`;
    })
    .join('\n');
}

/** The largest file a code frame is read from: the largest text input a build takes (BUDGETS.yamlBytes). */
const FRAME_SOURCE_BYTES = 4 * 1024 * 1024;

/**
 * The lines of a file named by a diagnostic, for its code frame. A diagnostic may name a file the
 * build refused (a link to /etc/passwd, a named pipe, a 1 GB PDF): the frame is read only from a
 * regular file reached without a symbolic link and no larger than a text input may be, so
 * printing a diagnostic never blocks, never reads much, and never shows a file outside the game.
 */
function textReader(): (file: string) => readonly string[] | undefined {
  const cache = new Map<string, string[] | undefined>();
  return (file) => {
    if (!cache.has(file)) {
      try {
        const info = lstatSync(file);
        if (!info.isFile() || info.size > FRAME_SOURCE_BYTES) throw new Error('no frame');
        const bytes = readFileSync(file);
        cache.set(file, bytes.includes(0) ? undefined : bytes.toString('utf8').replace(/^\ufeff/, '').split(/\r?\n/));
      } catch {
        cache.set(file, undefined);
      }
    }
    return cache.get(file);
  };
}

/** Codes of a file the file-access layer refused: nothing of it is read, not even for a frame. */
const REFUSED_FILE = new Set(['path-outside-game', 'not-a-regular-file', 'file-too-large', 'unreadable-file', 'missing-file']);

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Where a problem is, as printed: file:line:column, or file:Sheet!D14 for a cell of a workbook. */
export function placeOf(d: Diagnostic, cwd: string): string {
  const file = displayPath(d.file, cwd);
  return d.sheet && d.cell ? `${file}:${d.sheet}!${d.cell}` : `${file}:${d.line}:${d.column}`;
}

/** ANSI styles for a terminal that shows colour. */
const STYLE = { bold: [1, 22], dim: [2, 22], red: [31, 39], yellow: [33, 39], cyan: [36, 39] } as const;

function paint(on: boolean | undefined): (style: keyof typeof STYLE, text: string) => string {
  return (style, text) => (on ? `\u001b[${STYLE[style][0]}m${text}\u001b[${STYLE[style][1]}m` : text);
}

/** One line per diagnostic with a code frame under it, then a summary line. */
export function formatText(diagnostics: readonly Diagnostic[], options: { cwd: string; summaryOf?: string; color?: boolean }): string {
  const read = textReader();
  const c = paint(options.color);
  const blocks = diagnostics.map((d) => {
    const severity = c(d.severity === 'error' ? 'red' : 'yellow', d.severity);
    const head = `${c('bold', placeOf(d, options.cwd))}  ${severity}  ${c('cyan', d.code)}  ${d.message}`;
    const frame = d.sheet || REFUSED_FILE.has(d.code) ? '' : codeFrame(d, read);
    return frame ? `${head}\n${frame}` : head;
  });
  const { errors, warnings } = countDiagnostics(diagnostics);
  const what = options.summaryOf ? ` in ${options.summaryOf}` : '';
  const summary = errors + warnings === 0 ? `no problems${what}` : `${plural(errors, 'error')}, ${plural(warnings, 'warning')}${what}`;
  return [...blocks, summary].join('\n\n') + '\n';
}

/** Exactly one JSON object: the diagnostics with paths relative to `cwd`, and the counts. */
export function formatJson(diagnostics: readonly Diagnostic[], options: { cwd: string }): string {
  const { errors, warnings } = countDiagnostics(diagnostics);
  const list = diagnostics.map((d) => {
    const out: Record<string, unknown> = {
      severity: d.severity,
      code: d.code,
      message: d.message,
      file: displayPath(d.file, options.cwd),
      line: d.line,
      column: d.column,
      endLine: d.endLine,
      endColumn: d.endColumn,
    };
    if (d.path !== undefined) out['path'] = d.path;
    if (d.cell !== undefined) Object.assign(out, d.sheet ? { sheet: d.sheet } : {}, { cell: d.cell, row: d.line });
    return out;
  });
  return JSON.stringify({ diagnostics: list, errors, warnings }) + '\n';
}

/** Escapes the message of a workflow command. */
export function escapeGithubData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a property (file, title) of a workflow command. */
export function escapeGithubProperty(s: string): string {
  return escapeGithubData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** GitHub Actions workflow commands, one per diagnostic. */
export function formatGithub(diagnostics: readonly Diagnostic[], options: { cwd: string }): string {
  return diagnostics
    .map((d) => {
      const props = [
        `file=${escapeGithubProperty(displayPath(d.file, options.cwd))}`,
        `line=${d.line}`,
        `col=${d.column}`,
        `endLine=${d.endLine}`,
        `endColumn=${d.endColumn}`,
        `title=${escapeGithubProperty(d.code)}`,
      ].join(',');
      return `::${d.severity} ${props}::${escapeGithubData(d.message)}\n`;
    })
    .join('');
}

export function formatDiagnostics(
  diagnostics: readonly Diagnostic[],
  format: OutputFormat,
  options: { cwd: string; summaryOf?: string; color?: boolean },
): string {
  switch (format) {
    case 'text':
      return formatText(diagnostics, options);
    case 'json':
      return formatJson(diagnostics, options);
    case 'github':
      return formatGithub(diagnostics, options);
  }
}
