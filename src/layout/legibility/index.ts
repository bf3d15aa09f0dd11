export { checkFaceLegibility, BODY_CONTRAST, LARGE_CONTRAST, type LegibilityRequest } from './check-face.js';
export { findColorOnlyPairs, type ColorOnlyPair } from './color-only.js';
