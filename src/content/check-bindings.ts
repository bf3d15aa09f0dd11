import { closestMatch } from '../diagnostics/did-you-mean.js';
import { FILTERS, isValidPath, parseBindings } from '../shared/expressions/bindings.js';
import { conditionPaths, parseCondition } from '../shared/expressions/conditions.js';
import type { LoadedTemplate, Report } from './model.js';
import { diagnosticAt } from './source.js';
import { FIELD_DEFS, itemSchemaFor } from './validators.js';

type Schema = Record<string, unknown>;

const TEXT: Schema = { type: 'string' };
const RANGE: Schema = { type: 'object', properties: { min: { type: 'integer' }, max: { type: 'integer' } } };

/** What templates can read of the game and the set, whatever the set's fields. */
export const GAME_SCOPE: Schema = {
  type: 'object',
  properties: { id: TEXT, title: TEXT, subtitle: TEXT, description: TEXT, players: RANGE, playTime: RANGE, age: { type: 'integer' } },
};
export const SET_SCOPE: Schema = { type: 'object', properties: { id: TEXT, name: TEXT, kind: TEXT } };

function deref(schema: Schema | undefined, defs: Record<string, unknown>): Schema | undefined {
  const ref = schema?.['$ref'];
  if (typeof ref === 'string' && ref.startsWith('#/$defs/')) return deref(defs[ref.slice(8)] as Schema | undefined, defs);
  return schema;
}

/** The schemas a value could match: the schema itself and the branches of its unions. */
function alternatives(schema: Schema | undefined, defs: Record<string, unknown>): Schema[] {
  const s = deref(schema, defs);
  if (!s) return [];
  const branches = [...((s['oneOf'] as Schema[]) ?? []), ...((s['anyOf'] as Schema[]) ?? []), ...((s['allOf'] as Schema[]) ?? [])];
  return [s, ...branches.flatMap((b) => alternatives(b, defs))];
}

type Step = { ok: true; schema?: Schema } | { ok: false; known: string[] };

/** Follows one step of a path in a schema; an open schema (no declared properties) accepts anything. */
function step(schema: Schema | undefined, name: string, defs: Record<string, unknown>): Step {
  const options = alternatives(schema, defs);
  if (options.length === 0) return { ok: true };
  const known: string[] = [];
  let open = true;
  for (const o of options) {
    const props = o['properties'] as Record<string, Schema> | undefined;
    if (props) {
      open = open && o['additionalProperties'] !== false;
      if (Object.hasOwn(props, name)) return { ok: true, schema: props[name] };
      known.push(...Object.keys(props));
    }
    if (o['type'] === 'array' || o['items'] || o['prefixItems']) {
      if (name === 'length') return { ok: true, schema: { type: 'integer' } };
      if (/^\d+$/.test(name)) return { ok: true, schema: (o['items'] as Schema | undefined) ?? {} };
      open = false;
    }
    if (o['type'] === 'string' || o['type'] === 'number' || o['type'] === 'integer' || o['type'] === 'boolean') open = false;
  }
  if (known.length === 0 && open) return { ok: true };
  return { ok: false, known: [...new Set(known)] };
}

interface Context {
  setId: string;
  defs: Record<string, unknown>;
  scope: Record<string, Schema | undefined>;
  template: LoadedTemplate;
  report: Report;
}

function checkPath(path: string, pointer: string, ctx: Context): void {
  const at = (code: string, message: string) =>
    ctx.report(diagnosticAt(ctx.template.source.file, ctx.template.source.doc, { code, message, pointer }));
  if (!isValidPath(path)) return at('unknown-binding', `"${path}" is not a name; write a path such as item.name or slot.kind`);
  const [root, ...rest] = path.split('.');
  if (!Object.hasOwn(ctx.scope, root!)) {
    const names = Object.keys(ctx.scope);
    const hint = closestMatch(root!, names);
    return at('unknown-binding', `"${root}" is not defined here (in the set "${ctx.setId}"); the names are ${names.join(', ')}${hint ? `; did you mean "${hint}"?` : ''}`);
  }
  let schema = ctx.scope[root!];
  let walked = root!;
  for (const name of rest) {
    const result = step(schema, name, ctx.defs);
    if (!result.ok) {
      const hint = closestMatch(name, result.known);
      const fields = result.known.length > 0 ? `; the fields there are ${result.known.join(', ')}` : '';
      return at('unknown-binding', `"${path}": ${walked} has no field "${name}" in the set "${ctx.setId}"${hint ? `; did you mean "${walked}.${hint}"?` : fields}`);
    }
    schema = result.schema;
    walked += `.${name}`;
  }
}

function checkText(text: unknown, pointer: string, ctx: Context): void {
  const texts = typeof text === 'string' ? [[pointer, text]] : text && typeof text === 'object' ? Object.entries(text).map(([l, t]) => [`${pointer}/${l}`, t]) : [];
  for (const [at, value] of texts) {
    if (typeof value !== 'string') continue;
    const leftover = parseBindings(value).reduce((rest, b) => rest.replace(b.raw, ''), value);
    if (/\{\{|\}\}/.test(leftover)) {
      ctx.report(
        diagnosticAt(ctx.template.source.file, ctx.template.source.doc, {
          code: 'bad-binding',
          message: `this text has a "{{" or "}}" that is not a whole binding; write {{item.name}} or {{item.name | upper}} (filters in lower case, a default in quotes)`,
          pointer: at!,
        }),
      );
    }
    for (const binding of parseBindings(value)) {
      checkPath(binding.path, at!, ctx);
      for (const filter of binding.filters) {
        if (!(FILTERS as readonly string[]).includes(filter.name)) {
          const hint = closestMatch(filter.name, FILTERS);
          ctx.report(
            diagnosticAt(ctx.template.source.file, ctx.template.source.doc, {
              code: 'unknown-filter',
              message: `there is no filter "${filter.name}"; the filters are ${FILTERS.join(', ')}${hint ? `; did you mean "${hint}"?` : ''}`,
              pointer: at!,
            }),
          );
        }
      }
    }
  }
}

function checkElements(elements: readonly Schema[], base: string, ctx: Context): void {
  elements.forEach((element, i) => {
    const pointer = `${base}/${i}`;
    if (typeof element['when'] === 'string') {
      try {
        for (const path of conditionPaths(parseCondition(element['when']))) checkPath(path, `${pointer}/when`, ctx);
      } catch (error) {
        ctx.report(
          diagnosticAt(ctx.template.source.file, ctx.template.source.doc, {
            code: 'bad-condition',
            message: `this condition cannot be read: ${(error as Error).message}; write e.g. "item.art", "slot.kind == 'event'" or "'north' in item.exits"`,
            pointer: `${pointer}/when`,
          }),
        );
      }
    }
    for (const key of ['text', 'src', 'fill', 'stroke', 'color']) checkText(element[key], `${pointer}/${key}`, ctx);
    if (element['type'] === 'group' && Array.isArray(element['elements'])) {
      const repeat = element['repeat'] as Schema | undefined;
      let inner = ctx;
      if (repeat && typeof repeat['count'] === 'string') checkText(repeat['count'], `${pointer}/repeat/count`, ctx);
      if (repeat && repeat['over'] === undefined && repeat['count'] !== undefined) {
        const as = typeof repeat['as'] === 'string' ? repeat['as'] : 'entry';
        inner = { ...ctx, scope: { ...ctx.scope, [as]: { type: 'integer' }, index: { type: 'integer' } } };
      }
      if (repeat && typeof repeat['over'] === 'string') {
        checkPath(repeat['over'], `${pointer}/repeat/over`, ctx);
        let schema: Schema | undefined = ctx.scope[repeat['over'].split('.')[0]!];
        for (const name of repeat['over'].split('.').slice(1)) {
          const r = step(schema, name, ctx.defs);
          schema = r.ok ? r.schema : undefined;
        }
        const options = alternatives(schema, ctx.defs);
        const entry = options.find((s) => s['items'])?.['items'] as Schema | undefined;
        const known = options.some((s) => s['type'] !== undefined || s['properties'] !== undefined);
        if (known && !options.some((s) => s['type'] === 'array' || s['items'] || s['prefixItems'])) {
          ctx.report(
            diagnosticAt(ctx.template.source.file, ctx.template.source.doc, {
              code: 'bad-value',
              message: `repeat goes over a list, and "${repeat['over']}" is not one in the set "${ctx.setId}"`,
              pointer: `${pointer}/repeat/over`,
            }),
          );
        }
        const as = typeof repeat['as'] === 'string' ? repeat['as'] : 'entry';
        inner = { ...ctx, scope: { ...ctx.scope, [as]: entry, index: { type: 'integer' } } };
      }
      checkElements(element['elements'] as Schema[], `${pointer}/elements`, inner);
    }
  });
}

/**
 * Checks that every binding, filter and condition of a template (and the ones it extends)
 * names something the set's items, the game or the set really have.
 */
export function checkBindings(template: LoadedTemplate, set: { id: string; fields?: Record<string, unknown> }, report: Report): void {
  const fields = set.fields ?? {};
  const itemSchema = (itemSchemaFor(fields)['items'] as Schema) ?? {};
  const defs = { ...FIELD_DEFS, ...((fields['$defs'] as Record<string, unknown>) ?? {}) };
  const scope = { item: itemSchema, game: GAME_SCOPE, set: SET_SCOPE, lang: TEXT, strings: { type: 'object' } };
  for (let t: LoadedTemplate | undefined = template, depth = 0; t?.data && depth < 20; t = t.base, depth++) {
    checkElements(t.data.elements as unknown as Schema[], '/elements', { setId: set.id, defs, scope, template: t, report });
  }
}
