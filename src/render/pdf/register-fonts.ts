import type { FontFace } from '../../shared/display-list.js';
import { documentFont } from '../../shared/fonts.js';

/** Font names registered per document: name → file. */
const registered = new WeakMap<PDFKit.PDFDocument, Map<string, string>>();

/**
 * Registers each font of a display list once per document and returns the pdfkit font name
 * for each key. Two lists that use one key for different files get distinct names.
 */
export function registerFonts(doc: PDFKit.PDFDocument, fonts: Record<string, FontFace>): Map<string, string> {
  let names = registered.get(doc);
  if (!names) registered.set(doc, (names = new Map()));
  const byKey = new Map<string, string>();
  for (const [key, face] of Object.entries(fonts)) {
    let name = key;
    for (let n = 2; names.has(name) && names.get(name) !== face.path; n++) name = `${key}#${n}`;
    if (!names.has(name)) {
      // pdfkit takes a fontkit font as it takes a file's bytes.
      doc.registerFont(name, documentFont(face.path) as unknown as Buffer);
      names.set(name, face.path);
    }
    byKey.set(key, name);
  }
  return byKey;
}
