// pdfkit as the CLI loads it: one file in dist/ (see VENDOR in bin/compile.js), which takes
// fontkit and linebreak from src/vendor/ and its data files from the installed package.
export { default } from 'pdfkit';
