import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { FIXTURES, runCli, tempDir } from '../helpers.js';

/** Fails with what to install when Ghostscript is missing (the shop tests measure ink with it). */
export function requireGhostscript(): void {
  const found = spawnSync('gs', ['--version'], { encoding: 'utf8' });
  if (found.status !== 0) throw new Error('these tests need Ghostscript (gs): apt-get install -y ghostscript (as .ci/run does)');
}

/** The most ink on any pixel of a PDF, percent, measured by Ghostscript (bitcmyk, 8 bits a channel) at 300 dpi. */
export function ghostscriptMaxInk(file: string): number {
  const run = spawnSync('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=bitcmyk', '-dGrayValues=256', '-r300', '-sOutputFile=-', file], { maxBuffer: 1 << 30 });
  if (run.status !== 0) throw new Error(`gs failed: ${run.stderr.toString()}`);
  const data = run.stdout;
  let most = 0;
  for (let i = 0; i < data.length; i += 4) most = Math.max(most, data[i]! + data[i + 1]! + data[i + 2]! + data[i + 3]!);
  return (most / 255) * 100;
}

export const SHOP_ARGS = ['--shop', 'thegamecrafter', '--shop', 'makeplayingcards', '--shop', 'drivethrucards', '--shop', 'printplaygames'];

/** Builds the small fixture game in English for all four shops; returns its shops folder and what the CLI printed. */
export async function buildShops(): Promise<{ out: string; shops: string; stdout: string; code: number }> {
  const out = tempDir('pocketpress-shops-');
  const result = await runCli(['build', path.join(FIXTURES, 'valid'), '--game', 'full-game', '--lang', 'en', '--out', out, '--no-cache', ...SHOP_ARGS]);
  return { out, shops: path.join(out, 'full-game', 'en', 'shops'), stdout: result.stdout + result.stderr, code: result.code };
}
