import path from 'node:path';
import type { Marks } from './ajv.js';
import type { LoadedYaml } from './load-yaml.js';
import type { Report } from './model.js';
import { checkGamePath } from '../shared/game-paths.js';
import { diagnosticAt } from './source.js';
import { checkTranslations } from './translations.js';

export interface MarkContext {
  gameDir: string;
  /** Languages to require in every map of languages; empty to skip the check. */
  languages: readonly string[];
  /** Every language the game declares (others are reported as unknown). */
  declared: readonly string[];
  report: Report;
}

/** Checks what a schema marked: translations complete, files present and inside the game. */
export function checkMarks(loaded: LoadedYaml, marks: Marks, ctx: MarkContext): void {
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
