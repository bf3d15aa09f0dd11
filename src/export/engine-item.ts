import { pointsToMm } from '../shared/lengths.js';
import { fromPointer, valueAt } from '../shared/json-pointer.js';
import type { Face } from '../shared/face.js';
import type { ResolvedItem, ResolvedSet } from '../resolve/model.js';
import type { EngineItemData } from './engine-schema.js';
import { componentPngPath, type ItemFaces } from './face-paths.js';
import { toTextValue } from './text-value.js';
import { formatMessage, isMessage } from '../language/format-message.js';


/** Millimetres to two decimals, as the manifest gives them. */
export function roundMm(points: number): number {
  return Math.round(pointsToMm(points) * 100) / 100;
}

/** The pointers (inside the item) of the item's texts, from the set file's localized pointers. */
export function textPointers(set: ResolvedSet, item: ResolvedItem): string[][] {
  const prefix = `/items/${item.index}/`;
  return set.source.localized.filter((p) => p.startsWith(prefix)).map((p) => fromPointer(p.slice(prefix.length - 1)));
}

/** A field's text as the card shows it: an ICU message formatted with the item's fields (as written, when it names more than the item). */
function shownText(written: string, item: ResolvedItem, lang: string): string {
  if (!isMessage(written)) return written;
  try {
    return formatMessage(written, { item: item.fields }, lang);
  } catch {
    return written;
  }
}

/**
 * The item's fields besides id and count, each text replaced by its plain and structured forms.
 * A text that is an ICU message (plurals) is given as the card prints it for this item.
 */
export function exportFields(set: ResolvedSet, item: ResolvedItem, lang: string): Record<string, unknown> {
  const fields = structuredClone(item.fields);
  delete fields['id'];
  delete fields['count'];
  for (const segments of textPointers(set, item)) {
    const holder = valueAt(fields, segments.slice(0, -1));
    const last = segments[segments.length - 1];
    if (last === undefined || !holder || typeof holder !== 'object') continue;
    const record = holder as Record<string, unknown>;
    const written = record[last];
    if (typeof written === 'string') record[last] = toTextValue(written, shownText(written, item, lang));
  }
  return fields;
}

/** One item of the engine JSON: id, count and one instance id per copy, size, fields, image paths. */
export function describeItem(set: ResolvedSet, item: ResolvedItem, faces: ItemFaces<Face> | undefined, lang: string): EngineItemData {
  const front = faces?.front ?? { item: item.id, back: false };
  return {
    id: item.id,
    count: item.count,
    instances: Array.from({ length: item.count }, (_, i) => `${item.id}#${i + 1}`),
    size: { widthMm: roundMm(set.width), heightMm: roundMm(set.height) },
    fields: exportFields(set, item, lang),
    images: {
      front: componentPngPath(set.id, front),
      ...(faces?.back ? { back: componentPngPath(set.id, faces.back) } : {}),
    },
  };
}
