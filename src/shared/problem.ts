/** A problem found while laying out a face, placed later at its line. */
export interface LayoutProblem {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  /** The file to point at (a set file or a template file) and the pointer inside it. */
  file: string;
  pointer: string;
}

/** Where an image file is named, for a problem found when it is decoded. */
export interface ImagePlace {
  file: string;
  pointer: string;
}
