import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type Node } from '../vendor/yaml.js';

export interface FoundNode {
  /** The node at the path, or at the deepest part of it that exists (an alias there is not followed: its range is where it is written). */
  node: Node | null;
  /** The key node of the last map entry walked through (null after a list index). */
  keyNode: Node | null;
  /** How many segments of the path exist in the document. */
  depth: number;
}

/** The node an alias stands for (through chains of aliases); anything else as it is. */
export function resolveAlias(doc: Document, node: unknown): unknown {
  let current = node;
  for (let guard = 0; guard < 100 && isAlias(current); guard++) {
    current = current.resolve(doc);
  }
  return current;
}

/**
 * The node of a YAML document at a path of map keys and list indexes (aliases followed), or
 * the deepest existing part of it: the one walk over a document that source positions,
 * translation edits and front matter lines share.
 */
export function findYamlNode(doc: Document, path: readonly (string | number)[]): FoundNode {
  let node: unknown = doc.contents;
  let keyNode: Node | null = null;
  let depth = 0;
  for (const step of path) {
    const segment = String(step);
    node = resolveAlias(doc, node);
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && String(isScalar(p.key) ? p.key.value : p.key) === segment);
      if (!pair) break;
      keyNode = (pair.key as Node) ?? null;
      node = pair.value;
    } else if (isSeq(node)) {
      if (!/^\d+$/.test(segment) || Number(segment) >= node.items.length) break;
      keyNode = null;
      node = node.items[Number(segment)];
    } else {
      break;
    }
    depth++;
  }
  return { node: (node as Node | null) ?? null, keyNode, depth };
}
