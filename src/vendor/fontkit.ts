// fontkit, the one way in to it: the CLI loads it as Node does, not bundled (see NOT_BUNDLED in
// bin/compile.js), and pdfkit's bundle takes it from here.
export * from 'fontkit';
