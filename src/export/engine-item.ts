import { pointsToMm } from '../shared/lengths.js';
import { fromPointer, valueAt } from '../shared/json-pointer.js';
import type { Face } from '../shared/face.js';
import type { ResolvedItem, ResolvedSet } from '../resolve/model.js';
import type { EngineItemData } from './engine-schema.js';
import { componentPngPath, type ItemFaces } from './face-paths.js';
import { toTextValue } from './text-value.js';


/** Millimetres to two decimals, as the manifest gives them. */
export function roundMm(points: number): number {
  return Math.round(pointsToMm(points) * 100) / 100;
}

/** The pointers (inside the item) of the item's texts, from the set file's localized pointers. */
export function textPointers(set: ResolvedSet, item: ResolvedItem): string[][] {
  const prefix = `/items/${item.index}/`;
  return set.source.localized.filter((p) => p.startsWith(prefix)).map((p) => fromPointer(p.slice(prefix.length - 1)));
}

/** The item's fields besides id and count, each text replaced by its plain and structured forms. */
export function exportFields(set: ResolvedSet, item: ResolvedItem): Record<string, unknown> {
  const fields = structuredClone(item.fields);
  delete fields['id'];
  delete fields['count'];
  for (const segments of textPointers(set, item)) {
    const holder = valueAt(fields, segments.slice(0, -1));
    const last = segments[segments.length - 1];
    if (last === undefined || !holder || typeof holder !== 'object') continue;
    const record = holder as Record<string, unknown>;
    if (typeof record[last] === 'string') record[last] = toTextValue(record[last]);
  }
  return fields;
}

/** One item of the engine JSON: id, count and one instance id per copy, size, fields, image paths. */
export function describeItem(set: ResolvedSet, item: ResolvedItem, faces: ItemFaces<Face> | undefined): EngineItemData {
  const front = faces?.front ?? { item: item.id, back: false };
  return {
    id: item.id,
    count: item.count,
    instances: Array.from({ length: item.count }, (_, i) => `${item.id}#${i + 1}`),
    size: { widthMm: roundMm(set.width), heightMm: roundMm(set.height) },
    fields: exportFields(set, item),
    images: {
      front: componentPngPath(set.id, front),
      ...(faces?.back ? { back: componentPngPath(set.id, faces.back) } : {}),
    },
  };
}
