// Compiles the sources edited since dist/ was last compiled, before any test runs: the PNG
// workers run the compiled code, as the CLI does. The tests' own settings folder stands for
// the user's (printers.yaml, the build cache's secret): no test reads or writes the real one.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { refreshDist } from '../bin/compile.js';

export default async function setup(): Promise<() => void> {
  const problem = await refreshDist();
  if (problem?.fatal) throw new Error(problem.message);
  const config = mkdtempSync(path.join(os.tmpdir(), 'pocketpress-config-'));
  process.env['XDG_CONFIG_HOME'] = config;
  delete process.env['POCKETPRESS_CACHE_SECRET'];
  return () => rmSync(config, { recursive: true, force: true });
}
