import { BUDGETS, formatBudget } from '../shared/budgets.js';
import { parseLength, POINTS_PER_UNIT, type LengthUnit } from '../shared/lengths.js';
import type { MarkedValue } from './ajv.js';
import type { DiagnosticInput } from './source.js';

type Problem = DiagnosticInput & { pointer: string };

/** The longest run of characters without white space, measured in code points. */
function longestWord(text: string): { length: number; start: string } {
  let best = 0;
  let bestStart = 0;
  let run = 0;
  let runStart = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 32 || code === 9 || code === 10 || code === 13 || code === 0xa0 || code === 0x202f || code === 0x2009 || code === 0x3000) {
      run = 0;
      continue;
    }
    if (run === 0) runStart = i;
    if (code < 0xdc00 || code > 0xdfff) run++;
    if (run > best) {
      best = run;
      bestStart = runStart;
    }
  }
  return { length: best, start: text.slice(bestStart, bestStart + 40) };
}

/** One string of a text: too many characters, or a word longer than line breaking is meant to cut. */
function textProblem(text: string, pointer: string): Problem | undefined {
  if (text.length > BUDGETS.textChars) {
    return { code: 'out-of-range', pointer, message: `this text has ${formatBudget(text.length)} characters; a text may have at most ${formatBudget(BUDGETS.textChars)}` };
  }
  const word = longestWord(text);
  if (word.length > BUDGETS.wordChars) {
    return {
      code: 'out-of-range',
      pointer,
      message: `the word "${word.start}…" has ${formatBudget(word.length)} characters without a space; a word may have at most ${formatBudget(BUDGETS.wordChars)} (shorten the address, or put it in the rulebook)`,
    };
  }
  return undefined;
}

/** Texts over the budgets of characters and of word length, at the string (or the language of a map) that holds them. */
export function textBudgetProblems(marks: readonly MarkedValue[]): Problem[] {
  const problems: Problem[] = [];
  for (const mark of marks) {
    if (typeof mark.value === 'string') {
      const p = textProblem(mark.value, mark.pointer);
      if (p) problems.push(p);
    } else if (mark.value && typeof mark.value === 'object') {
      for (const [lang, text] of Object.entries(mark.value)) {
        if (typeof text !== 'string') continue;
        const p = textProblem(text, `${mark.pointer}/${lang.replace(/~/g, '~0').replace(/\//g, '~1')}`);
        if (p) problems.push(p);
      }
    }
  }
  return problems;
}

/** The size of a length in millimetres, every term counted as positive (a share of the component counts 0); Infinity when a number is not finite. */
function magnitudeMm(value: number | string, unit: LengthUnit): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.abs(value * POINTS_PER_UNIT[unit]) / POINTS_PER_UNIT.mm : Infinity;
  const terms = value.replace(/\s+/g, '').match(/[-+]?[^-+]+/g) ?? [];
  let total = 0;
  for (const term of terms) {
    const parsed = parseLength(term.replace(/^[-+]/, ''), unit);
    if (!parsed) continue;
    if (!Number.isFinite(parsed.value)) return Infinity;
    if (parsed.unit !== '%') total += Math.abs(parsed.value * POINTS_PER_UNIT[parsed.unit]) / POINTS_PER_UNIT.mm;
  }
  return total;
}

/** Lengths that are not finite or longer than the length budget (10 m): no real component needs them, and they reach the PDF as Infinity. */
export function lengthBudgetProblems(marks: readonly MarkedValue[], unit: LengthUnit = 'mm'): Problem[] {
  const problems: Problem[] = [];
  for (const mark of marks) {
    if (typeof mark.value !== 'number' && typeof mark.value !== 'string') continue;
    const mm = magnitudeMm(mark.value, unit);
    if (mm <= BUDGETS.lengthMm) continue;
    problems.push({
      code: 'out-of-range',
      pointer: mark.pointer,
      message: `${JSON.stringify(mark.value)} is ${Number.isFinite(mm) ? `${formatBudget(Math.round(mm / 1000))} m` : 'too large to be a number'}; lengths may be at most ${formatBudget(BUDGETS.lengthMm)} mm`,
    });
  }
  return problems;
}
