/**
 * How every PNG pocketpress writes is compressed (sharp's options). Measured on the shipped
 * cards and tiles at 300 dpi: level 8 without adaptive filtering makes files 5–6 % larger than
 * level 9 in 60 % of its CPU time; level 7 is 12–18 % larger, level 6 33 %; adaptive filtering
 * makes these drawings larger and slower at every level.
 */
export const PNG_ENCODING = { compressionLevel: 8, adaptiveFiltering: false } as const;
