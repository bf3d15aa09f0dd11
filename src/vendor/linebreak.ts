// linebreak as the CLI loads it: one file in dist/ that text layout and pdfkit's bundle share (see VENDOR in bin/compile.js).
export { default } from 'linebreak';
