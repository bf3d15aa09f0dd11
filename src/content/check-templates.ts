import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { didYouMean } from '../diagnostics/did-you-mean.js';
import { checkAgainstSchema } from './check-schema.js';
import { pathDataProblem } from '../shared/path-data.js';
import { checkMarks, type MarkContext } from './check-marks.js';
import { loadYaml, type LoadedYaml } from './load-yaml.js';
import type { LoadedTemplate, Report } from './model.js';
import { checkGamePath, SHARED_TEMPLATES_DIR } from '../shared/game-paths.js';
import { checkFileAccess } from '../shared/file-access.js';
import { COLOR_WORDS, resolveColor } from '../shared/colors.js';
import type { Template } from './schema/template.js';
import { diagnosticAt, type Target } from './source.js';
import { coreValidators } from './validators.js';
import { BUDGETS, formatBudget } from '../shared/budgets.js';
import { imageFileProblem } from '../shared/image-budget.js';
import { checkStaticElementBudget } from './check-face-budget.js';

/** Segments of SVG path data: one per command letter, and one per repeated coordinate group after it (counted as numbers / 2, a safe overestimate). */
function pathSegments(d: string): number {
  let letters = 0;
  let numbers = 0;
  const re = /[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;
  for (let m = re.exec(d); m; m = re.exec(d)) {
    if (/[A-Za-z]/.test(m[0])) letters++;
    else numbers++;
  }
  return Math.max(letters, Math.ceil(numbers / 2));
}


const EXTENSIONS = ['.yaml', '.yml'];

export interface TemplateContext {
  gameDir: string;
  /** The game's palette: names → hex as written. */
  palette: ReadonlyMap<string, string>;
  report: Report;
  /** Every template loaded for this game, by absolute path. */
  loaded: Map<string, LoadedTemplate>;
  /** How to check the texts a template writes in several languages. */
  marks: MarkContext;
}

/** Where a reference to a template is written, to point at it when the template is missing. */
export interface TemplateReference {
  source: LoadedYaml;
  pointer: string;
}

function folders(gameDir: string): { dir: string; origin: 'game' | 'shared' }[] {
  return [
    { dir: path.join(gameDir, 'templates'), origin: 'game' },
    { dir: SHARED_TEMPLATES_DIR, origin: 'shared' },
  ];
}

/** The file a template name stands for: the game's own templates/ first, then the shared ones. */
export function findTemplateFile(name: string, gameDir: string, skip?: string): { file: string; origin: 'game' | 'shared' } | undefined {
  for (const { dir, origin } of folders(gameDir)) {
    for (const ext of EXTENSIONS) {
      const file = path.join(dir, name + ext);
      if (file !== skip && existsSync(file)) return { file, origin };
    }
  }
  return undefined;
}

export function availableTemplateNames(gameDir: string): string[] {
  const names = new Set<string>();
  for (const { dir } of folders(gameDir)) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir)) {
      const ext = path.extname(f);
      if (EXTENSIONS.includes(ext)) names.add(path.basename(f, ext));
    }
  }
  return [...names].sort();
}

function isBinding(value: string): boolean {
  return value.includes('{{');
}

/** Reports colour names that are neither hex, built in, nor in the palette; and image files that are missing. */
function checkElements(source: LoadedYaml, template: Template, ctx: TemplateContext): void {
  const palette = Object.fromEntries([...ctx.palette.entries()]);
  const known = [...COLOR_WORDS, ...ctx.palette.keys()];
  const at = (pointer: string, code: string, message: string, target: Target = 'value') =>
    ctx.report(diagnosticAt(source.file, source.doc, { code, message, pointer, target }));
  const checkColor = (value: unknown, pointer: string) => {
    if (typeof value !== 'string' || isBinding(value) || resolveColor(value, palette).kind !== 'unknown') return;
    if (ctx.palette.has(value)) return; // a palette entry that is no colour: the game schema says so
    if (!/^[a-z][a-z0-9-]*$/.test(value)) return; // not a colour name at all: the schema says so
    const names = ctx.palette.size > 0 ? `the palette has ${[...ctx.palette.keys()].join(', ')}` : 'the game has no palette';
    at(pointer, 'unknown-color', `"${value}" is not a colour: use "#rrggbb" or a palette name (${names})${didYouMean(value, known)}`);
  };
  const visit = (elements: readonly Record<string, unknown>[], base: string) => {
    elements.forEach((element, i) => {
      if (!element || typeof element !== 'object') return;
      const pointer = `${base}/${i}`;
      for (const key of ['fill', 'stroke', 'color']) checkColor(element[key], `${pointer}/${key}`);
      if (element['type'] === 'path' && typeof element['d'] === 'string') {
        const segments = pathSegments(element['d']);
        const problem = segments > BUDGETS.pointsPerShape ? undefined : pathDataProblem(element['d']);
        if (segments > BUDGETS.pointsPerShape) at(`${pointer}/d`, 'out-of-range', `this path has ${formatBudget(segments)} segments; a path may have at most ${formatBudget(BUDGETS.pointsPerShape)} (simplify it, or draw it as an SVG image)`);
        else if (problem) at(`${pointer}/d`, 'bad-value', problem);
      }
      if (element['type'] === 'polygon' && Array.isArray(element['points']) && element['points'].length > BUDGETS.pointsPerShape) {
        at(`${pointer}/points`, 'out-of-range', `this polygon has ${formatBudget(element['points'].length)} points; a polygon may have at most ${formatBudget(BUDGETS.pointsPerShape)} (simplify it, or draw it as an SVG image)`);
      }
      const src = element['src'];
      if (element['type'] === 'image' && typeof src === 'string' && !isBinding(src)) {
        const check = checkGamePath(ctx.gameDir, src);
        if (!check.ok) at(`${pointer}/src`, check.code, check.message);
        const tooBig = check.ok ? imageFileProblem(check.absolute, src) : undefined;
        if (tooBig) at(`${pointer}/src`, 'out-of-range', tooBig);
      }
      if (element && Array.isArray(element['elements'])) visit(element['elements'] as Record<string, unknown>[], `${pointer}/elements`);
    });
  };
  checkColor(template.background, '/background');
  if (Array.isArray(template.elements)) visit(template.elements as unknown as Record<string, unknown>[], '/elements');
}

/**
 * Loads the template `name` and the ones it extends, reporting problems in each file once, and
 * at the reference when the name leads nowhere or the chain of `extends` loops.
 */
export function loadTemplate(
  name: string,
  from: TemplateReference,
  ctx: TemplateContext,
  chain: readonly string[] = [],
  skip?: string,
): LoadedTemplate | undefined {
  const refer = (code: string, message: string) =>
    ctx.report(diagnosticAt(from.source.file, from.source.doc, { code, message, pointer: from.pointer }));
  const found = findTemplateFile(name, ctx.gameDir, skip);
  if (!found) {
    const where = `templates/${name}.yaml in the game or in the shared templates`;
    refer('unknown-template', `there is no template "${name}" (looked for ${where})${didYouMean(name, availableTemplateNames(ctx.gameDir))}`);
    return undefined;
  }
  if (chain.includes(found.file)) {
    const names = [...chain, found.file].map((f) => path.basename(f, path.extname(f)));
    refer('template-cycle', `templates extend each other in a loop: ${names.join(' → ')}`);
    return undefined;
  }
  const cached = ctx.loaded.get(found.file);
  if (cached) return cached;

  // A template file that is a link out of the game (or of the shared templates), or not a file: refused before it is read.
  const access = checkFileAccess(found.file, [found.origin === 'game' ? ctx.gameDir : SHARED_TEMPLATES_DIR], `templates/${path.basename(found.file)}`);
  if (!access.ok) {
    refer(access.code, access.message);
    return undefined;
  }
  const source = loadYaml(found.file);
  const entry: LoadedTemplate = { name, origin: found.origin, source };
  ctx.loaded.set(found.file, entry);
  for (const d of source.diagnostics) ctx.report(d);
  if (source.data === undefined) return entry;
  if (!source.data || typeof source.data !== 'object' || Array.isArray(source.data)) {
    ctx.report(diagnosticAt(source.file, source.doc, { code: 'wrong-type', message: 'a template must be a map of keys (elements, extends, …)', pointer: '' }));
    return entry;
  }
  const { valid, marks } = checkAgainstSchema(source, coreValidators().template, source.data, ctx.report);
  checkMarks(source, marks, ctx.marks);
  const template = source.data as Template;
  checkElements(source, template, ctx);
  if (!valid) return entry;
  entry.data = template;
  checkStaticElementBudget(source, template, ctx.report);
  if (template.extends) {
    const selfSkip = template.extends === name ? found.file : undefined;
    if (selfSkip && !findTemplateFile(name, ctx.gameDir, selfSkip)) {
      ctx.report(diagnosticAt(source.file, source.doc, { code: 'template-cycle', message: `the template "${name}" extends itself; name the template it builds on, or remove "extends"`, pointer: '/extends' }));
      return entry;
    }
    entry.base = loadTemplate(template.extends, { source, pointer: '/extends' }, ctx, [...chain, found.file], selfSkip);
  }
  return entry;
}
