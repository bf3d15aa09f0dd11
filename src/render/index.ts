/** The render stage: draws display lists, never lays anything out. */
export { parseColor, formatRgbHex, type Rgba } from '../shared/colors.js';
export { placementMatrix, type Rotation } from './geometry.js';
export { drawDisplayList, type Placement } from './pdf/draw-display-list.js';
export { renderComponentPdf, defaultCreationDate, type ComponentPdfOptions } from './pdf/render-component-pdf.js';
export { renderSvg, type SvgOptions } from './svg/render-svg.js';
export { renderPng, pixelSize, type PngOptions, type RenderedPng } from './png/render-png.js';
