import type { LoadedTemplate } from '../content/model.js';
import { resolveLength } from '../shared/lengths.js';
import type { ResolvedTemplate, UnitElement } from './model.js';

/**
 * Merges a template with the ones it extends: the base's elements first, an element with the
 * same name as a base element taking its place, the others after; the nearest background and
 * safe zone win.
 */
export function resolveTemplate(loaded: LoadedTemplate): ResolvedTemplate {
  const chain: LoadedTemplate[] = [];
  for (let t: LoadedTemplate | undefined = loaded; t?.data && !chain.includes(t); t = t.base) chain.push(t);
  let elements: UnitElement[] = [];
  let safe = resolveLength('3mm');
  let background: string | undefined;
  for (const t of [...chain].reverse()) {
    const data = t.data!;
    const unit = data.unit ?? 'mm';
    if (data.safe !== undefined) safe = resolveLength(data.safe, { defaultUnit: unit });
    if (data.background !== undefined) background = data.background;
    data.elements.forEach((element, i) => {
      const entry: UnitElement = { element, unit, file: t.source.file.path, pointer: `/elements/${i}` };
      // A name replaces an element of a template this one extends, never one of its own file.
      const replaced = element.name === undefined ? -1 : elements.findIndex((e) => e.element.name === element.name && e.file !== entry.file);
      if (replaced >= 0) elements = elements.map((e, k) => (k === replaced ? entry : e));
      else elements.push(entry);
    });
  }
  return { name: loaded.name, files: chain.map((t) => t.source.file.path), safe, background, elements };
}
