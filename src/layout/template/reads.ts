import type { Element } from '../../content/schema/template.js';
import { parseBindings } from '../../shared/expressions/bindings.js';
import { conditionPaths, parseCondition } from '../../shared/expressions/conditions.js';

/** The scope names (item, game, slot…) an element and its children read. */
export function bindingRoots(element: Element): Set<string> {
  const roots = new Set<string>();
  const addText = (value: unknown) => {
    const texts = typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value) : [];
    for (const t of texts) if (typeof t === 'string') for (const b of parseBindings(t)) roots.add(b.path.split('.')[0]!);
  };
  const record = element as unknown as Record<string, unknown>;
  for (const key of ['text', 'src', 'fill', 'stroke', 'color']) addText(record[key]);
  if (element.when) {
    try {
      for (const p of conditionPaths(parseCondition(element.when))) roots.add(p.split('.')[0]!);
    } catch {
      // reported by validation
    }
  }
  if (element.type === 'group') {
    if (element.repeat?.over) roots.add(element.repeat.over.split('.')[0]!);
    if (typeof element.repeat?.count === 'string') for (const b of parseBindings(element.repeat.count)) roots.add(b.path.split('.')[0]!);
    for (const child of element.elements) for (const r of bindingRoots(child)) roots.add(r);
  }
  return roots;
}
