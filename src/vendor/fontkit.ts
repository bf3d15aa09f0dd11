// fontkit as the CLI and the PNG workers load it: one file in dist/ with restructure, brotli and
// the Unicode tables it reads (see VENDOR in bin/compile.js). pdfkit's bundle loads this one.
export * from 'fontkit';
