/** One problem found in the content, pointing at the place that caused it. */
export type Severity = 'error' | 'warning';

export interface Diagnostic {
  severity: Severity;
  /** Stable kebab-case word, e.g. `unknown-key`. */
  code: string;
  message: string;
  /** Absolute path of the file; formatters print it relative to the working directory. */
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  endLine: number;
  /** 1-based, one past the last character of the span. */
  endColumn: number;
  /** JSON Pointer inside the file's data; absent for syntax errors. */
  path?: string;
  /** For a spreadsheet: the sheet (XLSX, ODS) and the cell ("D14"); line and column are its row and column. */
  sheet?: string;
  cell?: string;
}

export interface DiagnosticCounts {
  errors: number;
  warnings: number;
}

export function countDiagnostics(diagnostics: readonly Diagnostic[]): DiagnosticCounts {
  let errors = 0;
  let warnings = 0;
  for (const d of diagnostics) {
    if (d.severity === 'error') errors++;
    else warnings++;
  }
  return { errors, warnings };
}

/** Sorted by file, then line, then column, then code: the order every format prints. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.line - b.line ||
      a.column - b.column ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) ||
      (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
}

/** `--strict`: every warning counts as an error. */
export function applyStrict(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => (d.severity === 'warning' ? { ...d, severity: 'error' } : d));
}

/** Drops exact repeats (the same code at the same place with the same message). */
export function dedupeDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const key = `${d.file}\0${d.line}\0${d.column}\0${d.code}\0${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out;
}

/** `--max-warnings n`: more than n warnings fail like an error. */
export function tooManyWarnings(warnings: number, max: number | undefined): boolean {
  return max !== undefined && warnings > max;
}
