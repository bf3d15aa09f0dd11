/** Types for the pattern modules of the `hyphen` package (Liang's algorithm, TeX patterns), which ships none. */
declare module 'hyphen/fr/index.js' {
  export function hyphenateSync(text: string, options?: { hyphenChar?: string; minWordLength?: number; exceptions?: string[] }): string;
}
declare module 'hyphen/en-us/index.js' {
  export function hyphenateSync(text: string, options?: { hyphenChar?: string; minWordLength?: number; exceptions?: string[] }): string;
}
declare module 'hyphen/en-gb/index.js' {
  export function hyphenateSync(text: string, options?: { hyphenChar?: string; minWordLength?: number; exceptions?: string[] }): string;
}
