import { createHash } from 'node:crypto';

/**
 * Replaces the trailer's file ID with a hash of the file's other bytes, so the ID depends on
 * the content only. pdfkit writes `/ID [<32 hex> <32 hex>]` (an MD5 of the info dictionary);
 * the replacement has the same length, so no offset moves. The buffer is changed in place.
 */
export function setContentId(pdf: Buffer): Buffer {
  const trailer = pdf.lastIndexOf('trailer');
  const match = /\/ID \[<([0-9a-f]{32})> <([0-9a-f]{32})>\]/i.exec(pdf.subarray(trailer).toString('latin1'));
  if (trailer < 0 || !match) throw new Error('PDF trailer has no /ID in the form pdfkit writes');
  const start = trailer + match.index;
  const end = start + match[0].length;
  const id = createHash('sha256').update(pdf.subarray(0, start)).update(pdf.subarray(end)).digest('hex').slice(0, 32);
  pdf.write(`/ID [<${id}> <${id}>]`, start, 'latin1');
  return pdf;
}
