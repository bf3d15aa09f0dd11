import { createCipheriv } from 'node:crypto';

/**
 * Stands in, inside pdfkit's bundle, for @noble/ciphers' AES (see STAND_INS in bin/compile.js):
 * pdfkit encrypts with it when a PDF has a password, which pocketpress never sets. Node's own
 * AES gives the same bytes without building noble's tables at every start.
 */
interface Options {
  disablePadding?: boolean;
}

function encrypt(mode: 'cbc' | 'ecb', key: Uint8Array, iv: Uint8Array | null, options: Options, data: Uint8Array): Uint8Array {
  const cipher = createCipheriv(`aes-${key.length * 8}-${mode}`, key, iv);
  cipher.setAutoPadding(!options.disablePadding);
  const out = Buffer.concat([cipher.update(data), cipher.final()]);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

export const cbc = (key: Uint8Array, iv: Uint8Array, options: Options = {}) => ({ encrypt: (data: Uint8Array) => encrypt('cbc', key, iv, options, data) });
export const ecb = (key: Uint8Array, options: Options = {}) => ({ encrypt: (data: Uint8Array) => encrypt('ecb', key, null, options, data) });
