import { readFileSync, statSync } from 'node:fs';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { BUDGETS, formatBudget } from '../shared/budgets.js';

/** A line that forces a new page: `<!-- pagebreak -->` or `\pagebreak`. */
const PAGE_BREAK = /^\s{0,3}(<!--\s*pagebreak\s*-->|\\pagebreak)\s*$/i;
/** Pages a rulebook has before its first page break: the cover and the first page of rules. */
const PAGES_BEFORE_BREAKS = 2;

function at(file: string, line: number, message: string): Diagnostic {
  return { severity: 'error', code: 'out-of-range', message, file, line, column: 1, endLine: line, endColumn: 2 };
}

/**
 * A rulebook Markdown file within its budgets, checked before it is laid out: its size in bytes,
 * and the pages its forced page breaks alone would make (the diagnostic at the break that passes
 * the budget of pages per PDF).
 */
export function checkRulebookBudget(file: string): Diagnostic[] {
  const info = statSync(file, { throwIfNoEntry: false });
  if (!info?.isFile()) return [];
  if (info.size > BUDGETS.markdownBytes) {
    return [at(file, 1, `this rulebook is ${formatBudget(info.size)} bytes; a rulebook file may have at most ${formatBudget(BUDGETS.markdownBytes)} (some 300 pages of text)`)];
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  let pages = PAGES_BEFORE_BREAKS;
  let line = 0;
  for (const content of text.split('\n')) {
    line++;
    if (PAGE_BREAK.test(content) && ++pages > BUDGETS.pdfPages) {
      return [at(file, line, `this page break starts page ${formatBudget(pages)}; a rulebook may have at most ${formatBudget(BUDGETS.pdfPages)} pages`)];
    }
  }
  return [];
}
