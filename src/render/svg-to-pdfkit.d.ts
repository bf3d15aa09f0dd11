/// <reference types="pdfkit" />
declare module 'svg-to-pdfkit' {
  export interface SvgToPdfOptions {
    width?: number;
    height?: number;
    preserveAspectRatio?: string;
    useCSS?: boolean;
    fontCallback?: (...args: unknown[]) => string;
    imageCallback?: (link: string) => string;
    documentCallback?: (file: string) => unknown;
    colorCallback?: (color: [[number, number, number], number]) => [[number, number, number], number];
    warningCallback?: (message: string) => void;
    assumePt?: boolean;
    precision?: number;
  }
  export default function SVGtoPDF(
    doc: PDFKit.PDFDocument,
    svg: string,
    x?: number,
    y?: number,
    options?: SvgToPdfOptions,
  ): void;
}
