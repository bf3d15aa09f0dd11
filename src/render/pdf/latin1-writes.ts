/** What pdfkit 0.20.2's document and object references keep of what they write (private API; pdfkit is pinned). */
interface WritingDocument {
  _root: object;
  _offset: number;
  push(chunk: Uint8Array): boolean;
}

interface WritingReference {
  data: { Length?: number; Filter?: string };
  buffer: Uint8Array[];
  compress: boolean;
  uncompressedLength: number;
}

/** The document classes patched already (one per copy of pdfkit a process loads). */
const patched = new WeakSet<object>();

/**
 * pdfkit turns each string it writes (every operator of a page's content, every object of the
 * file, each with a line feed after it) into bytes with a loop over its characters that keeps
 * each one's low byte. Node's latin1 encoder gives the same bytes, natively: the two methods
 * that write strings (a reference's write, the document's _write) are made to use it, with
 * everything else they do unchanged. Done once per copy of pdfkit, on the prototypes of its
 * classes. A 1 000-card rebuild spent 70 ms of its main thread in pdfkit's loop.
 */
export function writeStringsAsLatin1(doc: PDFKit.PDFDocument): void {
  const documentProto = Object.getPrototypeOf(doc) as { _write(this: WritingDocument, data: string | Uint8Array): void };
  if (patched.has(documentProto)) return;
  patched.add(documentProto);
  const referenceProto = Object.getPrototypeOf((doc as unknown as WritingDocument)._root) as { write(this: WritingReference, chunk: string | Uint8Array): void };
  documentProto._write = function (data) {
    const bytes = data instanceof Uint8Array ? data : Buffer.from(`${data}\n`, 'latin1');
    this.push(bytes);
    this._offset += bytes.length;
  };
  referenceProto.write = function (chunk) {
    const bytes = chunk instanceof Uint8Array ? chunk : Buffer.from(`${chunk}\n`, 'latin1');
    this.uncompressedLength += bytes.length;
    this.data.Length ??= 0;
    this.buffer.push(bytes);
    this.data.Length += bytes.length;
    if (this.compress) this.data.Filter = 'FlateDecode';
  };
}
