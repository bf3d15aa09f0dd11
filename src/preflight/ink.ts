import { spawn } from 'node:child_process';

export type InkMeasure = { found: true; maxPercent: number } | { found: false; reason: string };

/**
 * The most ink on any pixel of a PDF, in percent (C+M+Y+K): Ghostscript renders every page to
 * 8-bit CMYK (`bitcmyk`, `-dGrayValues=256`) at `dpi`, read as it streams. Ghostscript runs
 * with -dSAFER (its default) and a time limit; without it the ink is not measured.
 */
export function measureInk(file: string, dpi: number, timeoutMs = 300_000): Promise<InkMeasure> {
  return new Promise((resolve) => {
    const args = ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=bitcmyk', '-dGrayValues=256', `-r${dpi}`, '-sOutputFile=-', file];
    const gs = spawn('gs', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let most = 0;
    let carry = Buffer.alloc(0);
    let errors = '';
    const timer = setTimeout(() => gs.kill('SIGKILL'), timeoutMs);
    gs.stdout.on('data', (chunk: Buffer) => {
      const data = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      const whole = data.length - (data.length % 4);
      for (let i = 0; i < whole; i += 4) {
        const total = data[i]! + data[i + 1]! + data[i + 2]! + data[i + 3]!;
        if (total > most) most = total;
      }
      carry = Buffer.from(data.subarray(whole));
    });
    gs.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    gs.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ found: false, reason: error.code === 'ENOENT' ? 'Ghostscript (gs) is not installed (Debian: apt-get install ghostscript)' : `Ghostscript could not start: ${error.message}` });
    });
    gs.on('close', (code, signal) => {
      clearTimeout(timer);
      if (signal) resolve({ found: false, reason: `Ghostscript was stopped after ${timeoutMs / 1000} s` });
      else if (code !== 0) resolve({ found: false, reason: `Ghostscript cannot read the file: ${errors.trim().split('\n')[0] ?? ''}` });
      else resolve({ found: true, maxPercent: Math.round((most / 255) * 1000) / 10 });
    });
  });
}
