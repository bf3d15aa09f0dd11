import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFStream, PDFString, PDFHexString, type PDFObject, type PDFPage } from 'pdf-lib';

/** An image drawn on a page: its colour space, its resolution where it is drawn, its bytes when decodable. */
export interface PdfImage {
  name: string;
  colorSpace: string;
  width: number;
  height: number;
  /** Pixels per inch where it is drawn (the lower of both axes); undefined when not drawn. */
  ppi?: number;
  softMask: boolean;
  /** The decoded samples (for CMYK images), to identify a face. */
  samples?: Uint8Array;
}

export interface PdfPageFacts {
  mediaBox: number[];
  trimBox?: number[];
  bleedBox?: number[];
  images: PdfImage[];
  /** Fonts used by the page, and whether each is embedded. */
  fonts: { name: string; embedded: boolean }[];
  /** Colour operators and spaces that are RGB (rg, RG, DeviceRGB…). */
  rgb: string[];
  /** What makes the page use transparency (a transparency group, a soft mask, an alpha below 1, a blend mode). */
  transparency: string[];
}

export interface PdfFacts {
  pdfxVersion?: string;
  outputIntents: { subtype: string; condition: string; hasProfile: boolean }[];
  pages: PdfPageFacts[];
}

const nameOf = (o: PDFObject | undefined): string => (o instanceof PDFName ? o.decodeText() : '');
const textOf = (o: PDFObject | undefined): string => (o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : '');
const numbers = (o: PDFObject | undefined): number[] | undefined => (o instanceof PDFArray ? o.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : Number.NaN)) : undefined);

function colourSpaceName(doc: PDFDocument, cs: PDFObject | undefined): string {
  const v = cs instanceof PDFRef ? doc.context.lookup(cs) : cs;
  if (v instanceof PDFName) return v.decodeText();
  if (v instanceof PDFArray) {
    const family = nameOf(v.lookup(0));
    if (family === 'ICCBased') {
      const stream = v.lookup(1);
      const n = stream instanceof PDFStream ? stream.dict.lookup(PDFName.of('N')) : undefined;
      const count = n instanceof PDFNumber ? n.asNumber() : 0;
      return count === 4 ? 'ICCBased CMYK' : count === 3 ? 'ICCBased RGB' : 'ICCBased Gray';
    }
    if (family === 'Indexed') return `Indexed ${colourSpaceName(doc, v.get(1))}`;
    return family;
  }
  return 'none';
}

const RGB_SPACES = /^(DeviceRGB|CalRGB|ICCBased RGB|Indexed (DeviceRGB|CalRGB|ICCBased RGB))$/;

/** Multiplies two PDF matrices [a b c d e f]. */
const mul = (m: number[], n: number[]) => [
  m[0]! * n[0]! + m[1]! * n[2]!,
  m[0]! * n[1]! + m[1]! * n[3]!,
  m[2]! * n[0]! + m[3]! * n[2]!,
  m[2]! * n[1]! + m[3]! * n[3]!,
  m[4]! * n[0]! + m[5]! * n[2]! + n[4]!,
  m[4]! * n[1]! + m[5]! * n[3]! + n[5]!,
];

function contentText(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => page.doc.context.lookup(r)) : [contents];
  return streams
    .map((s) => (s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') : s instanceof PDFStream ? Buffer.from(s.getContents()).toString('latin1') : ''))
    .join('\n');
}

function pageFacts(doc: PDFDocument, page: PDFPage): PdfPageFacts {
  const node = page.node;
  const facts: PdfPageFacts = {
    mediaBox: numbers(node.lookup(PDFName.of('MediaBox'))) ?? numbers(node.MediaBox()) ?? [],
    trimBox: numbers(node.lookup(PDFName.of('TrimBox'))),
    bleedBox: numbers(node.lookup(PDFName.of('BleedBox'))),
    images: [],
    fonts: [],
    rgb: [],
    transparency: [],
  };
  const group = node.lookup(PDFName.of('Group'));
  if (group instanceof PDFDict && nameOf(group.lookup(PDFName.of('S'))) === 'Transparency') facts.transparency.push('a transparency group on the page');
  const resources = node.Resources();
  const xobjects = resources?.lookup(PDFName.of('XObject'));
  const images = new Map<string, PdfImage>();
  if (xobjects instanceof PDFDict) {
    for (const [key, ref] of xobjects.entries()) {
      const x = doc.context.lookup(ref);
      if (!(x instanceof PDFStream)) continue;
      const subtype = nameOf(x.dict.lookup(PDFName.of('Subtype')));
      if (subtype === 'Form') {
        const g = x.dict.lookup(PDFName.of('Group'));
        if (g instanceof PDFDict && nameOf(g.lookup(PDFName.of('S'))) === 'Transparency') facts.transparency.push(`a transparency group in the form ${key.decodeText()}`);
        continue;
      }
      if (subtype !== 'Image') continue;
      const colorSpace = colourSpaceName(doc, x.dict.get(PDFName.of('ColorSpace')));
      const w = x.dict.lookup(PDFName.of('Width'));
      const h = x.dict.lookup(PDFName.of('Height'));
      const softMask = x.dict.get(PDFName.of('SMask')) !== undefined;
      const image: PdfImage = { name: key.decodeText(), colorSpace, width: w instanceof PDFNumber ? w.asNumber() : 0, height: h instanceof PDFNumber ? h.asNumber() : 0, softMask };
      if (colorSpace === 'DeviceCMYK' && x instanceof PDFRawStream) {
        try {
          image.samples = decodePDFRawStream(x).decode();
        } catch {
          // A filter pdf-lib cannot decode (DCT…): the page is then told apart by nothing else.
        }
      }
      if (softMask) facts.transparency.push(`the image ${image.name} has a soft mask (alpha)`);
      if (RGB_SPACES.test(colorSpace)) facts.rgb.push(`the image ${image.name} is ${colorSpace}`);
      images.set(image.name, image);
    }
  }
  const gstates = resources?.lookup(PDFName.of('ExtGState'));
  if (gstates instanceof PDFDict) {
    for (const [key, ref] of gstates.entries()) {
      const g = doc.context.lookup(ref);
      if (!(g instanceof PDFDict)) continue;
      for (const alpha of ['CA', 'ca']) {
        const v = g.lookup(PDFName.of(alpha));
        if (v instanceof PDFNumber && v.asNumber() < 1) facts.transparency.push(`the graphics state ${key.decodeText()} sets ${alpha} ${v.asNumber()}`);
      }
      const mask = g.lookup(PDFName.of('SMask'));
      if (mask !== undefined && nameOf(mask) !== 'None') facts.transparency.push(`the graphics state ${key.decodeText()} has a soft mask`);
      const bm = nameOf(g.lookup(PDFName.of('BM')));
      if (bm && bm !== 'Normal' && bm !== 'Compatible') facts.transparency.push(`the graphics state ${key.decodeText()} blends with ${bm}`);
    }
  }
  const fonts = resources?.lookup(PDFName.of('Font'));
  if (fonts instanceof PDFDict) {
    for (const [key, ref] of fonts.entries()) {
      const f = doc.context.lookup(ref);
      if (!(f instanceof PDFDict)) continue;
      if (nameOf(f.lookup(PDFName.of('Subtype'))) === 'Type3') continue;
      let descriptorOwner: PDFDict = f;
      const descendants = f.lookup(PDFName.of('DescendantFonts'));
      if (descendants instanceof PDFArray) {
        const d = descendants.lookup(0);
        if (d instanceof PDFDict) descriptorOwner = d;
      }
      const descriptor = descriptorOwner.lookup(PDFName.of('FontDescriptor'));
      const embedded = descriptor instanceof PDFDict && ['FontFile', 'FontFile2', 'FontFile3'].some((k) => descriptor.get(PDFName.of(k)) !== undefined);
      facts.fonts.push({ name: nameOf(f.lookup(PDFName.of('BaseFont'))) || key.decodeText(), embedded });
    }
  }
  const colourSpaces = new Map<string, string>();
  const spaces = resources?.lookup(PDFName.of('ColorSpace'));
  if (spaces instanceof PDFDict) for (const [key, value] of spaces.entries()) colourSpaces.set(key.decodeText(), colourSpaceName(doc, value));
  // Walk the content: the matrix where each image is drawn, and RGB colour operators.
  const text = contentText(page);
  const tokens = text.match(/\/[^\s/[\]()<>{}%]+|[-+]?\d*\.?\d+|[A-Za-z'"*]+/g) ?? [];
  let ctm = [1, 0, 0, 1, 0, 0];
  const stack: number[][] = [];
  const operands: string[] = [];
  for (const t of tokens) {
    if (/^[-+]?\d*\.?\d+$/.test(t) || t.startsWith('/')) {
      operands.push(t);
      continue;
    }
    if (t === 'q') stack.push(ctm);
    else if (t === 'Q') ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (t === 'cm' && operands.length >= 6) ctm = mul(operands.slice(-6).map(Number), ctm);
    else if ((t === 'rg' || t === 'RG') && !facts.rgb.includes(`the operator ${t}`)) facts.rgb.push(`the operator ${t}`);
    else if (t === 'cs' || t === 'CS') {
      const name = (operands[operands.length - 1] ?? '').slice(1);
      const space = name.startsWith('Device') || name.startsWith('Cal') ? name : colourSpaces.get(name) ?? '';
      if (RGB_SPACES.test(space) && !facts.rgb.includes(`the colour space ${name}`)) facts.rgb.push(`the colour space ${name}`);
    }
    else if (t === 'Do') {
      const image = images.get((operands[operands.length - 1] ?? '').slice(1));
      if (image) {
        const wIn = Math.hypot(ctm[0]!, ctm[1]!) / 72;
        const hIn = Math.hypot(ctm[2]!, ctm[3]!) / 72;
        const ppi = Math.min(image.width / wIn, image.height / hIn);
        image.ppi = image.ppi === undefined ? ppi : Math.min(image.ppi, ppi);
      }
    }
    operands.length = 0;
  }
  facts.images = [...images.values()];
  return facts;
}

/** What a preflight needs of a PDF, read with pdf-lib (never executed, never rendered). */
export async function readPdfFacts(bytes: Uint8Array): Promise<PdfFacts> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  const infoRef = doc.context.trailerInfo.Info;
  const info = infoRef ? doc.context.lookup(infoRef) : undefined;
  const pdfxVersion = info instanceof PDFDict ? textOf(info.lookup(PDFName.of('GTS_PDFXVersion'))) || undefined : undefined;
  const intents = doc.catalog.lookup(PDFName.of('OutputIntents'));
  const outputIntents =
    intents instanceof PDFArray
      ? intents.asArray().flatMap((r) => {
          const oi = doc.context.lookup(r);
          if (!(oi instanceof PDFDict)) return [];
          return [{ subtype: nameOf(oi.lookup(PDFName.of('S'))), condition: textOf(oi.lookup(PDFName.of('OutputConditionIdentifier'))), hasProfile: oi.get(PDFName.of('DestOutputProfile')) !== undefined }];
        })
      : [];
  return { pdfxVersion, outputIntents, pages: doc.getPages().map((p) => pageFacts(doc, p)) };
}
