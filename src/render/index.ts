/** The render stage: draws display lists, never lays anything out. */
export { parseColor, formatRgbHex, type Rgba } from '../shared/colors.js';
export { placementMatrix, type Rotation } from './geometry.js';
export { drawDisplayList, type Placement } from './pdf/draw-display-list.js';
export { renderComponentPdf, type ComponentPdfOptions } from './pdf/render-component-pdf.js';
export { defaultCreationDate } from './pdf/creation-date.js';
export { renderPng, type PngOptions, type RenderedPng } from './png/render-png.js';
export { pixelSize } from './png/pixel-size.js';
export { PngPool, pngPool } from './png/png-pool.js';
export { renderRaster, type Raster } from './raster/render-raster.js';
