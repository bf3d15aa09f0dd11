export { checkFaceLegibility, BODY_CONTRAST, LARGE_CONTRAST, type LegibilityRequest } from './check-face.js';
export { findColorOnlyPairs, LISTED_PAIRS, type ColorOnlyCheck, type ColorOnlyPair } from './color-only.js';
