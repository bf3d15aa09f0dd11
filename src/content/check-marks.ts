import path from 'node:path';
import type { Marks } from './ajv.js';
import type { LoadedYaml } from './load-yaml.js';
import type { Report } from './model.js';
import { checkGamePath } from '../shared/game-paths.js';
import { diagnosticAt } from './source.js';
import { checkTranslations } from './translations.js';
import { lengthBudgetProblems, textBudgetProblems } from './check-budgets.js';
import { imagePixelProblem, readImageHeader } from '../shared/image-budget.js';
import { POINTS_PER_UNIT, type LengthUnit } from '../shared/lengths.js';

const RASTER = /\.(png|jpe?g|gif|webp|tiff?)$/i;

/** The unit of bare numbers in this file: a template's `unit`, else millimetres. */
function unitOf(loaded: LoadedYaml): LengthUnit {
  const unit = (loaded.data as Record<string, unknown> | undefined)?.['unit'];
  return typeof unit === 'string' && Object.hasOwn(POINTS_PER_UNIT, unit) ? (unit as LengthUnit) : 'mm';
}

export interface MarkContext {
  gameDir: string;
  /** Languages to require in every map of languages; empty to skip the check. */
  languages: readonly string[];
  /** Every language the game declares (others are reported as unknown). */
  declared: readonly string[];
  report: Report;
}

/** Checks what a schema marked: translations complete, texts and lengths within their budgets, files present and inside the game, images within the pixel budget. */
export function checkMarks(loaded: LoadedYaml, marks: Marks, ctx: MarkContext): void {
  for (const p of textBudgetProblems(marks.localized)) ctx.report(diagnosticAt(loaded.file, loaded.doc, p));
  for (const p of lengthBudgetProblems(marks.lengths, unitOf(loaded))) ctx.report(diagnosticAt(loaded.file, loaded.doc, p));
  if (ctx.declared.length > 0) {
    for (const p of checkTranslations(marks.localized, ctx.languages, ctx.declared)) {
      ctx.report(diagnosticAt(loaded.file, loaded.doc, p));
    }
  }
  for (const mark of marks.assets) {
    if (typeof mark.value !== 'string' || mark.value.includes('{{')) continue;
    const check = checkGamePath(ctx.gameDir, mark.value);
    if (!check.ok) {
      ctx.report(diagnosticAt(loaded.file, loaded.doc, { code: check.code, message: check.message, pointer: mark.pointer }));
      continue;
    }
    if (RASTER.test(mark.value)) {
      const size = readImageHeader(check.absolute);
      const problem = size && imagePixelProblem(size, mark.value);
      if (problem) ctx.report(diagnosticAt(loaded.file, loaded.doc, { code: 'out-of-range', message: problem, pointer: mark.pointer }));
    }
    if (Array.isArray(mark.kinds)) {
      const ext = path.extname(mark.value).slice(1).toLowerCase();
      if (!mark.kinds.includes(ext)) {
        ctx.report(
          diagnosticAt(loaded.file, loaded.doc, {
            code: 'bad-value',
            message: `expected a ${mark.kinds.map((k) => `.${k}`).join(' or ')} file, found "${mark.value}"`,
            pointer: mark.pointer,
          }),
        );
      }
    }
  }
}
