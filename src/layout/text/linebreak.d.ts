/** Types for the `linebreak` package (UAX #14 line breaking), which ships none. */
declare module 'linebreak' {
  export interface Break {
    /** UTF-16 offset where the next line may start. */
    position: number;
    /** True for a mandatory break (after a newline). */
    required: boolean;
  }
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
}
