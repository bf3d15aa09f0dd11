import path from 'node:path';
import { applyStrict, countDiagnostics, sortDiagnostics } from '../diagnostics/diagnostic.js';
import { formatDiagnostics, type OutputFormat } from '../diagnostics/format.js';
import type { ShopName } from '../shared/shops/index.js';
import { EXIT, type CliIo } from './io.js';

export interface PreflightOptions {
  shop?: ShopName;
  format: OutputFormat;
  strict?: boolean;
  quiet?: boolean;
}

/** `pocketpress preflight <folder|file>`: checks files against a print shop's rules; 0 when they pass, 1 on errors. */
export async function preflightCommand(target: string, options: PreflightOptions, io: CliIo): Promise<number> {
  const { preflight } = await import('../preflight/preflight.js');
  const result = await preflight({ target: path.resolve(io.cwd, target), shop: options.shop });
  let diagnostics = options.strict ? applyStrict(result.diagnostics) : result.diagnostics;
  if (options.quiet) diagnostics = diagnostics.filter((d) => d.severity === 'error');
  diagnostics = sortDiagnostics(diagnostics);
  const summaryOf = `${result.files} file${result.files === 1 ? '' : 's'} for ${result.shop}`;
  const output = formatDiagnostics(diagnostics, options.format, { cwd: io.cwd, color: io.color, summaryOf });
  if (!(options.quiet && options.format === 'text' && diagnostics.length === 0)) io.stdout(output);
  if (options.format === 'text' && !options.quiet) {
    for (const note of result.notes) io.stderr(`note: ${note}\n`);
  }
  return countDiagnostics(diagnostics).errors > 0 ? EXIT.contentErrors : EXIT.ok;
}
