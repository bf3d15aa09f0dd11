// saxes as the CLI loads it: one file in dist/ with xmlchars (see VENDOR in bin/compile.js).
export { SaxesParser } from 'saxes';
