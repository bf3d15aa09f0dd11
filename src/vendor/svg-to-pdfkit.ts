// svg-to-pdfkit as the CLI loads it: one file in dist/, compacted (see VENDOR in bin/compile.js).
export { default } from 'svg-to-pdfkit';
