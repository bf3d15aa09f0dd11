import { BUDGETS, formatBudget } from '../shared/budgets.js';
import { pointerOf, readPath, type Scope, type ScopePointers } from '../shared/expressions/scope.js';
import type { LoadedYaml } from './load-yaml.js';
import type { LoadedTemplate, Report } from './model.js';
import { diagnosticAt } from './source.js';

type Element = Record<string, unknown>;

/** The most times one `repeat.count` may draw its group (the schema's maximum; a larger binding is cut there). */
const MAX_REPEAT_COUNT = 500;

function repeatOf(element: Element): Record<string, unknown> | undefined {
  const repeat = element['repeat'];
  return element['type'] === 'group' && repeat && typeof repeat === 'object' ? (repeat as Record<string, unknown>) : undefined;
}

function childrenOf(element: Element): Element[] {
  const children = element['elements'];
  return Array.isArray(children) ? children.filter((c): c is Element => Boolean(c) && typeof c === 'object') : [];
}

/**
 * Checks one template file from its own numbers, before any item is drawn: the elements a face
 * would hold once every `repeat` with a fixed count is expanded (nested repeats multiply). The
 * problem is placed at the deepest repeat whose expansion alone passes the budget.
 */
export function checkStaticElementBudget(source: LoadedYaml, template: unknown, report: Report): void {
  const elements = (template as Record<string, unknown> | undefined)?.['elements'];
  if (!Array.isArray(elements)) return;
  let reported = false;
  const sizeOf = (list: readonly Element[], base: string): number => {
    let total = 0;
    list.forEach((element, i) => {
      if (!element || typeof element !== 'object') return;
      const pointer = `${base}/${i}`;
      const inner = sizeOf(childrenOf(element), `${pointer}/elements`);
      const count = repeatOf(element)?.['count'];
      const times = typeof count === 'number' && Number.isFinite(count) ? Math.max(0, count) : 1;
      const size = 1 + times * inner;
      if (size > BUDGETS.elementsPerFace && !reported) {
        reported = true;
        report(
          diagnosticAt(source.file, source.doc, {
            code: 'out-of-range',
            message: `this group draws ${formatBudget(times)} × ${formatBudget(inner)} elements (${formatBudget(size)}); a face may have at most ${formatBudget(BUDGETS.elementsPerFace)} elements, repeats included`,
            pointer: typeof count === 'number' ? `${pointer}/repeat/count` : pointer,
          }),
        );
      }
      total += size;
    });
    return total;
  };
  const total = sizeOf(elements as Element[], '/elements');
  if (total > BUDGETS.elementsPerFace && !reported) {
    report(
      diagnosticAt(source.file, source.doc, {
        code: 'out-of-range',
        message: `this template draws ${formatBudget(total)} elements; a face may have at most ${formatBudget(BUDGETS.elementsPerFace)}, repeats included`,
        pointer: '/elements',
        target: 'key',
      }),
    );
  }
}

/** A template's elements with those of the templates it extends (an element with the same `name` replaces the base's). */
function mergedElements(template: LoadedTemplate | undefined, depth = 0): Element[] {
  if (!template?.data || depth > 20) return [];
  const own = (Array.isArray(template.data.elements) ? template.data.elements : []) as unknown as Element[];
  const names = new Set(own.map((e) => e['name']).filter((n) => typeof n === 'string'));
  const base = mergedElements(template.base, depth + 1).filter((e) => !(typeof e['name'] === 'string' && names.has(e['name'])));
  return [...base, ...own];
}

interface ItemCount {
  total: number;
  /** The item list that drives the largest repeat, to point at. */
  driver?: { pointer: string; entries: number };
}

/** Counts the elements one item's face holds, stopping as soon as the budget is passed. */
function countForItem(elements: readonly Element[], scope: Scope, pointers: ScopePointers, acc: ItemCount): void {
  for (const element of elements) {
    if (acc.total > BUDGETS.elementsPerFace) return;
    acc.total++;
    const repeat = repeatOf(element);
    const children = childrenOf(element);
    if (!repeat) {
      countForItem(children, scope, pointers, acc);
      continue;
    }
    const as = typeof repeat['as'] === 'string' ? repeat['as'] : 'entry';
    const over = typeof repeat['over'] === 'string' ? repeat['over'] : undefined;
    let entries: readonly unknown[] = [];
    if (over !== undefined) {
      const list = readPath(scope, over);
      entries = Array.isArray(list) ? list : [];
      const pointer = pointerOf(over, pointers);
      if (pointer !== undefined && entries.length > (acc.driver?.entries ?? 1)) acc.driver = { pointer, entries: entries.length };
    } else {
      const count = repeat['count'];
      const n = typeof count === 'number' ? count : Number(typeof count === 'string' ? readPath(scope, count.replace(/^\s*\{\{\s*|\s*\}\}\s*$/g, '').split('|')[0]!.trim()) : 0);
      entries = Array.from({ length: Number.isInteger(n) && n > 0 ? Math.min(n, MAX_REPEAT_COUNT) : 0 }, (_, i) => i);
    }
    const base = over === undefined ? undefined : pointerOf(over, pointers);
    for (let index = 0; index < entries.length && acc.total <= BUDGETS.elementsPerFace; index++) {
      const inner = { ...scope, [as]: entries[index], index };
      countForItem(children, inner, base === undefined ? pointers : { ...pointers, [as]: `${base}/${index}` }, acc);
    }
  }
}

/**
 * Checks each item's faces with its own data: a repeat over a list of 20 000 entries passes
 * every fixed number of the template, but not the budget of elements per face. The problem is
 * placed at the item's list.
 */
export function checkItemElementBudget(template: LoadedTemplate | undefined, set: { source: LoadedYaml; items: readonly unknown[]; data: Record<string, unknown> }, report: Report): void {
  const elements = mergedElements(template);
  if (elements.length === 0) return;
  set.items.forEach((item, i) => {
    if (!item || typeof item !== 'object') return;
    const acc: ItemCount = { total: 0 };
    countForItem(elements, { item, set: set.data }, { item: `/items/${i}` }, acc);
    if (acc.total <= BUDGETS.elementsPerFace || !acc.driver) return;
    report(
      diagnosticAt(set.source.file, set.source.doc, {
        code: 'out-of-range',
        message: `the template "${template!.name}" repeats a group over these ${formatBudget(acc.driver.entries)} entries: more than the ${formatBudget(BUDGETS.elementsPerFace)} elements a face may have`,
        pointer: acc.driver.pointer,
      }),
    );
  });
}
