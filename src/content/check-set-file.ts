import { checkAgainstSchema } from './check-schema.js';
import { parseLength } from '../shared/lengths.js';
import { NAMED_SIZES } from './sizes.js';
import { checkMarks, type MarkContext } from './check-marks.js';
import type { LoadedYaml } from './load-yaml.js';
import { ITEM_BASE_KEYS } from './schema/keywords.js';
import type { ComponentSet } from './schema/set.js';
import { diagnosticAt } from './source.js';
import { toPointer } from '../shared/json-pointer.js';
import { compileItemsValidator, coreValidators, fieldSchemaProblems } from './validators.js';
import { isSheetSpec, loadSheetItems, type SheetSource } from './sheets/load-sheet-items.js';
import { expandItems, type ExpandSpec } from './expand-items.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Where in a field schema a keyword the compiler rejected is written, so the message can point at it. */
function findKey(value: unknown, key: string, trail: (string | number)[] = []): (string | number)[] | undefined {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findKey(value[i], key, [...trail, i]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === key) return [...trail, k];
      const found = findKey(v, key, [...trail, k]);
      if (found) return found;
    }
  }
  return undefined;
}

/** Where in a field schema a `$ref` to `target` is written. */
function findValue(value: unknown, target: string, trail: (string | number)[] = []): (string | number)[] | undefined {
  if (value === target) return trail;
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = findValue(v, target, [...trail, Array.isArray(value) ? Number(k) : k]);
      if (found) return found;
    }
  }
  return undefined;
}

/** Sizes must be positive, bleed and corner radius not negative. */
function checkDimensions(data: Record<string, unknown>, at: (pointer: string, code: string, message: string) => void): void {
  const points = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? parseLength(v) : undefined);
  const size = asRecord(data['size']);
  for (const key of ['width', 'height'] as const) {
    const p = points(size?.[key]);
    if (p && p.value <= 0) at(`/size/${key}`, 'out-of-range', `the ${key} must be more than 0`);
  }
  for (const key of ['bleed', 'cornerRadius'] as const) {
    const p = points(data[key]);
    if (p && p.value < 0) at(`/${key}`, 'out-of-range', `the ${key === 'bleed' ? 'bleed' : 'corner radius'} cannot be negative`);
  }
}

/** A hexagon or a circle drawn into a box of the wrong proportions comes out stretched: said, as a warning. */
function checkShape(data: Record<string, unknown>, warn: (pointer: string, code: string, message: string) => void): void {
  const size = typeof data['size'] === 'string' ? NAMED_SIZES[data['size'] as keyof typeof NAMED_SIZES] : asRecord(data['size']);
  if (!size) return;
  const mm = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? parseLength(v) : undefined);
  const w = mm(size['width']);
  const h = mm(size['height']);
  if (!w || !h || !(w.value > 0) || !(h.value > 0)) return;
  const ratio = Math.min(w.value, h.value) / Math.max(w.value, h.value);
  const near = (a: number, b: number) => Math.abs(a - b) / b < 0.02;
  if (data['shape'] === 'hex' && !near(ratio, Math.sqrt(3) / 2)) {
    const wide = Math.max(w.value, h.value);
    warn('/shape', 'stretched-shape', `a regular hexagon is √3/2 as wide across its flats as across its corners (e.g. ${Math.round(wide * 100) / 100} × ${Math.round((wide * Math.sqrt(3)) / 2 * 100) / 100}); this size draws a stretched one`);
  }
  if (data['shape'] === 'circle' && !near(ratio, 1)) warn('/shape', 'stretched-shape', 'a circle needs a square size; this size draws an ellipse');
}

/** Checks one component-set file: its schema, its field schema, its items against that, and ids. */
export interface SetFileCheck {
  /** Present when the set and all its items passed their schemas. */
  set?: ComponentSet;
  /** Pointers of the texts that hold one entry per language. */
  localized: string[];
  /** The field schema compiled: templates can be checked against it. */
  fieldsValid: boolean;
  /** The spreadsheet the items come from, when they are not written in the YAML. */
  sheet?: SheetSource;
}

export function checkSetFile(loaded: LoadedYaml, ctx: MarkContext): SetFileCheck {
  const { report } = ctx;
  const at = (pointer: string, code: string, message: string, target: 'value' | 'key' | 'owner' = 'value') =>
    report(diagnosticAt(loaded.file, loaded.doc, { code, message, pointer, target }));
  const data = asRecord(loaded.data);
  if (!data) {
    if (loaded.data !== undefined) at('', 'wrong-type', 'a set file must be a map of keys (id, kind, size, front, fields, items), not a list or a single value');
    return { localized: [], fieldsValid: false };
  }
  const { valid, marks } = checkAgainstSchema(loaded, coreValidators().set, data, report);
  checkMarks(loaded, marks, ctx);

  checkDimensions(data, at);
  checkShape(data, (pointer, code, message) => report(diagnosticAt(loaded.file, loaded.doc, { code, message, pointer, severity: 'warning' })));
  const fields = data['fields'] === undefined ? {} : asRecord(data['fields']);
  let itemsValid = false;
  let fieldsValid = false;
  const localized = marks.localized.map((m) => m.pointer);
  // Items kept in a spreadsheet are read into the set as if written in it; what is found about
  // them points at their cells.
  let sheet: SheetSource | undefined;
  if (isSheetSpec(data['items']) && fields) {
    sheet = loadSheetItems(data['items'], { gameDir: ctx.gameDir, fields, languages: ctx.languages, report, specAt: (code, message) => at('/items', code, message) });
    if (sheet) data['items'] = sheet.items;
  }
  const located = sheet ? (d: Diagnostic) => report(sheet!.relocate(d)) : report;
  // An expansion (a deck of 52 from one row): what is found about a made item points at the item it was made from, or at the expansion for its values.
  let sourceOf: number[] | undefined;
  const expand = asRecord(data['expand']) as ExpandSpec | undefined;
  if (expand && valid && Array.isArray(data['items'])) {
    const expanded = expandItems(data['items'] as Record<string, unknown>[], expand);
    if ('tooMany' in expanded) at('/expand', 'out-of-range', expanded.tooMany);
    else {
      data['items'] = expanded.items;
      sourceOf = expanded.sourceOf;
    }
  }
  const itemReport = sourceOf
    ? (d: Diagnostic) => {
        const match = d.path ? /^\/items\/(\d+)(\/.*)?$/.exec(d.path) : null;
        if (!match) return located(d);
        const rest = match[2] ?? '';
        const field = rest.split('/')[1] ?? '';
        const pointer = Object.hasOwn(expand!, field) ? `/expand/${field}` : `/items/${sourceOf![Number(match[1])]}${rest}`;
        located(diagnosticAt(loaded.file, loaded.doc, { code: d.code, message: d.message, severity: d.severity, pointer }));
      }
    : located;
  const itemAt = (pointer: string, code: string, message: string) => itemReport(diagnosticAt(loaded.file, loaded.doc, { code, message, pointer }));
  if (fields) {
    const properties = asRecord(fields['properties']) ?? {};
    let fieldsOk = true;
    for (const reserved of ITEM_BASE_KEYS) {
      if (reserved in properties) {
        at(`/fields/properties/${reserved}`, 'reserved-key', `"${reserved}" is part of every item already; remove it from the field schema`, 'key');
        fieldsOk = false;
      }
    }
    if (Object.hasOwn(properties, '__proto__')) {
      // JavaScript objects cannot hold this name as data everywhere a value passes (the schema validator among them).
      at('/fields/properties/__proto__', 'reserved-key', '"__proto__" cannot name a field (JavaScript gives it a meaning of its own); choose another name', 'key');
      fieldsOk = false;
    }
    if ('type' in fields && fields['type'] !== 'object') {
      at('/fields/type', 'bad-field-schema', `the fields of an item form a map: type must be "object", found ${JSON.stringify(fields['type'])}`);
      fieldsOk = false;
    }
    const metaProblems = fieldSchemaProblems(fields);
    for (const p of metaProblems) at(`/fields${p.pointer}`, 'bad-field-schema', `the field schema is not valid JSON Schema: ${p.message}`);
    const compiled = metaProblems.length > 0 ? { problem: '' } : compileItemsValidator(fields);
    if ('problem' in compiled && metaProblems.length > 0) {
      // reported above, each at its place
    } else if ('problem' in compiled) {
      const keyword = /unknown keyword: "([^"]+)"/.exec(compiled.problem)?.[1];
      const ref = /can't resolve reference (\S+)/.exec(compiled.problem)?.[1];
      const trail = keyword ? findKey(fields, keyword) : ref ? findValue(fields, ref) : undefined;
      at(toPointer(['fields', ...(trail ?? [])]), 'bad-field-schema', `the field schema is not valid JSON Schema: ${compiled.problem}`, trail ? 'key' : 'owner');
    } else if (fieldsOk) {
      fieldsValid = true;
    }
    if (fieldsValid && !('problem' in compiled) && Array.isArray(data['items'])) {
      const items = checkAgainstSchema(loaded, compiled.validate, data['items'], itemReport, '/items');
      checkMarks(loaded, items.marks, { ...ctx, report: itemReport });
      localized.push(...items.marks.localized.map((m) => m.pointer));
      itemsValid = items.valid;
    }
  }

  const seen = new Map<string, number>();
  const items = Array.isArray(data['items']) ? data['items'] : [];
  items.forEach((item, index) => {
    const id = asRecord(item)?.['id'];
    if (typeof id !== 'string') return;
    const first = seen.get(id);
    if (first !== undefined) {
      const where = sheet ? `cell ${sheet.placeOf(`/items/${first}/id`)?.cell ?? ''}` : `line ${diagnosticAt(loaded.file, loaded.doc, { code: '', message: '', pointer: `/items/${first}/id` }).line}`;
      itemAt(`/items/${index}/id`, 'duplicate-id', `the id "${id}" is already used by item ${first + 1} of this set (${where}); ids must be unique`);
    } else {
      seen.set(id, index);
    }
  });
  return { set: valid && itemsValid ? (data as unknown as ComponentSet) : undefined, localized, fieldsValid, sheet };
}
