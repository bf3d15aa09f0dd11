// image-size as the CLI loads it: one file in dist/ instead of one per image format (see VENDOR in bin/compile.js).
export { imageSize } from 'image-size';
