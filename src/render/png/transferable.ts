/**
 * `bytes` in an ArrayBuffer of their own, to hand over to another thread (postMessage's
 * transfer list) without a second copy. A buffer made for these bytes alone (Buffer.concat or
 * allocUnsafeSlow of more than a few KB) goes as it is, and is unusable here afterwards: only
 * for bytes nothing on this thread keeps. Bytes that share their ArrayBuffer (Node's pool of
 * small buffers, a slice of a larger one) are copied first.
 */
export function transferable(bytes: Buffer): Uint8Array<ArrayBuffer> {
  const { buffer } = bytes;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength && bytes.byteLength > 0) return new Uint8Array(buffer);
  return new Uint8Array(buffer, bytes.byteOffset, bytes.byteLength).slice();
}
