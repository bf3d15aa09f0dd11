import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, ROOT, tempDir } from '../helpers.js';
import { SETUPS } from './setup.js';

/**
 * The hostile-input corpus: every case in test/fixtures/hostile/<class>-<name>/ runs through the
 * CLI in a child process under a CPU-time and a memory ceiling, and must end with the exit code
 * and diagnostics it names, no stack trace, nothing written outside its copy, nothing read from
 * outside its game, and `out/` whole.
 */

interface ExpectedDiagnostic {
  code?: string;
  file?: string;
  line?: number;
  column?: number;
  severity?: string;
}

interface HostileCase {
  about: string;
  command: 'validate' | 'build';
  args?: string[];
  exit: number;
  diagnostics: ExpectedDiagnostic[];
  setup?: string;
  secret?: boolean;
}

interface Diagnostic {
  severity: string;
  code: string;
  message: string;
  file: string;
  line: number;
  column: number;
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** User + system CPU seconds of the child, from its last sample in /proc. */
  cpuSeconds: number;
  /** Peak resident memory of the child in bytes (VmHWM). */
  peakRss: number;
}

const CORPUS = path.join(FIXTURES, 'hostile');
const CLASSES = ['outside', 'special', 'svg', 'budget', 'diag'];
/** The kernel stops the child past this much CPU time (SIGXCPU), so a runaway case cannot hang the suite. */
const CPU_CEILING_SECONDS = 30;
/** What a case may use: the bound of 10 s of work and 1 GB of memory. */
const CPU_BOUND_SECONDS = 10;
const MEMORY_BOUND_BYTES = 1024 ** 3;
/** Only for a child that blocks without using CPU (a FIFO): generous, the CPU ceiling is the real bound. */
const WALL_CEILING_MS = 240_000;
/** Cases run a few at a time: the machine has two cores and other work on it. */
const PARALLEL = 2;
const CLOCK_TICKS = 100;

const SECRET_TEXT = 'SECRET-MARKER-b7e1c0de-outside-the-game';

const cases = existsSync(CORPUS) ? readdirSync(CORPUS).filter((name) => statSync(path.join(CORPUS, name)).isDirectory()).sort() : [];

/** The marker files placed next to every copy: outside its game, where no output may draw from. */
interface Secrets {
  png: Buffer;
  jpeg: Buffer;
  /** Byte strings that can only come from the marker files (PNG pixel data, JPEG scan data, the text). */
  needles: Buffer[];
}

async function makeSecrets(): Promise<Secrets> {
  const width = 16;
  const height = 16;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 151 + 89) % 251;
  const png = await sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 100 }).toBuffer();
  const idat = png.indexOf('IDAT', 0, 'latin1');
  return {
    png,
    jpeg,
    needles: [png.subarray(idat + 4 + 20, idat + 4 + 52), jpeg.subarray(jpeg.length - 40, jpeg.length - 8), Buffer.from(SECRET_TEXT, 'utf8')],
  };
}

function placeSecrets(dir: string, secrets: Secrets): void {
  writeFileSync(path.join(dir, 'secret.png'), secrets.png);
  writeFileSync(path.join(dir, 'secret.jpg'), secrets.jpeg);
  writeFileSync(path.join(dir, 'secret.txt'), `${SECRET_TEXT}\n`);
}

function readProc(pid: number): { cpu: number; hwm: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpu = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const hwm = /VmHWM:\s+(\d+) kB/.exec(status) ?? /VmRSS:\s+(\d+) kB/.exec(status);
    return { cpu, hwm: hwm ? Number(hwm[1]) * 1024 : 0 };
  } catch {
    return undefined;
  }
}

/** Runs the CLI under prlimit (CPU seconds) and a V8 heap limit, sampling /proc for CPU time and peak memory. */
function runCli(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/prlimit', [`--cpu=${CPU_CEILING_SECONDS}`, '--', process.execPath, path.join(ROOT, 'bin', 'pocketpress.js'), ...args], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let cpuSeconds = 0;
    let peakRss = 0;
    child.stdout.setEncoding('utf8').on('data', (t: string) => (stdout += t));
    child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
    const sample = (): void => {
      const now = child.pid === undefined ? undefined : readProc(child.pid);
      if (!now) return;
      cpuSeconds = Math.max(cpuSeconds, now.cpu);
      peakRss = Math.max(peakRss, now.hwm);
    };
    const sampler = setInterval(sample, 50);
    const wall = setTimeout(() => child.kill('SIGKILL'), WALL_CEILING_MS);
    // The last sample before the child is reaped: 'exit' fires after the process is gone, so
    // sample when its output ends too.
    child.stdout.on('end', sample);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearInterval(sampler);
      clearTimeout(wall);
      resolve({ code, signal, stdout, stderr, cpuSeconds, peakRss });
    });
  });
}

/** Every file under `dir` (symbolic links not followed), as paths relative to it. */
function listFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(prefix, entry.name);
    return entry.isDirectory() ? listFiles(path.join(dir, entry.name), relative) : [relative];
  });
}

/** Every regular file's mtime and size under `dir`, to tell whether anything there changed. */
function snapshot(dir: string, skip: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const file of listFiles(dir)) {
    if (file === skip || file.startsWith(`${skip}${path.sep}`)) continue;
    const info = statSync(path.join(dir, file), { throwIfNoEntry: false });
    result.set(file, info ? `${info.size}:${info.mtimeMs}` : 'gone');
  }
  return result;
}

/** `out/` is absent, or each of its game × language folders is a whole build: a manifest whose files all exist with their sizes, and no staging folder anywhere. */
function expectWholeOut(out: string): void {
  if (!existsSync(out)) return;
  const leftovers = listFiles(out).filter((f) => f.split(path.sep).some((part) => part.startsWith('.staging')));
  expect(leftovers, 'a staging folder was left in out/').toEqual([]);
  for (const game of readdirSync(out).filter((n) => !n.startsWith('.'))) {
    for (const lang of readdirSync(path.join(out, game))) {
      const folder = path.join(out, game, lang);
      const manifestFile = path.join(folder, 'manifest.json');
      expect(existsSync(manifestFile), `${game}/${lang} has no manifest.json`).toBe(true);
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { files: { path: string; bytes: number }[] };
      for (const file of manifest.files) {
        expect(statSync(path.join(folder, file.path), { throwIfNoEntry: false })?.size, `${game}/${lang}/${file.path}`).toBe(file.bytes);
      }
    }
  }
}

/** A small queue so that at most PARALLEL cases run at once. */
function limit(concurrency: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= concurrency) await new Promise<void>((wake) => waiting.push(wake));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

const slot = limit(PARALLEL);
let secrets: Secrets;
let scratch: string;

beforeAll(async () => {
  secrets = await makeSecrets();
  scratch = tempDir('pocketpress-hostile-');
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the hostile corpus', () => {
  it('has cases of every class, each with a readable case.json', () => {
    expect(cases.length).toBeGreaterThanOrEqual(18);
    for (const name of cases) {
      const cls = name.split('-')[0]!;
      expect(CLASSES, `${name}: the class is the first word of the folder name`).toContain(cls);
      const spec = JSON.parse(readFileSync(path.join(CORPUS, name, 'case.json'), 'utf8')) as HostileCase;
      expect(spec.about.length, `${name}: about`).toBeGreaterThan(10);
      expect(['validate', 'build'], `${name}: command`).toContain(spec.command);
      expect(existsSync(path.join(CORPUS, name, 'content')), `${name}: content/`).toBe(true);
      if (spec.setup !== undefined) expect(Object.keys(SETUPS), `${name}: setup`).toContain(spec.setup);
      if (spec.exit !== 0) expect(spec.diagnostics.length, `${name}: a failing case names its diagnostics`).toBeGreaterThan(0);
    }
  });

  it.concurrent.each(cases)(
    '%s',
    (name) =>
      slot(async () => {
        const spec = JSON.parse(readFileSync(path.join(CORPUS, name, 'case.json'), 'utf8')) as HostileCase;
        const outside = path.join(scratch, name);
        const copy = path.join(outside, 'case');
        mkdirSync(outside, { recursive: true });
        placeSecrets(outside, secrets);
        cpSync(path.join(CORPUS, name), copy, { recursive: true, verbatimSymlinks: true });
        if (spec.setup) SETUPS[spec.setup]!(copy);
        const home = path.join(outside, 'home');
        // One temporary folder for every case, so tsx compiles the sources once; nothing else may be left in it.
        const tmp = path.join(scratch, 'tmp');
        mkdirSync(home);
        mkdirSync(tmp, { recursive: true });
        const before = snapshot(outside, 'case');

        const out = path.join(copy, 'out');
        const args = [spec.command, path.join(copy, 'content'), '--format', 'json', ...(spec.command === 'build' ? ['--out', out] : []), ...(spec.args ?? [])];
        const env: NodeJS.ProcessEnv = {
          PATH: process.env['PATH'],
          HOME: home,
          TMPDIR: tmp,
          LANG: 'C.UTF-8',
          NODE_OPTIONS: '--max-old-space-size=1024',
          SOURCE_DATE_EPOCH: '946684800',
        };
        const result = await runCli(args, copy, env);

        try {
          const context = `${name}\nexit ${result.code} signal ${result.signal}, ${result.cpuSeconds.toFixed(1)} s CPU, ${(result.peakRss / 1024 ** 2).toFixed(0)} MB\nstderr: ${result.stderr.slice(0, 2000)}\nstdout: ${result.stdout.slice(0, 2000)}`;
          expect(result.signal, context).toBeNull();
          expect(result.stderr, context).not.toMatch(/internal error|\n\s+at .+:\d+:\d+\)?\n|RangeError|TypeError|FATAL ERROR/);
          expect(result.code, context).toBe(spec.exit);
          expect(result.cpuSeconds, context).toBeLessThan(CPU_BOUND_SECONDS);
          expect(result.peakRss, context).toBeLessThan(MEMORY_BOUND_BYTES);

          const report = JSON.parse(result.stdout) as { diagnostics: Diagnostic[] };
          const found = report.diagnostics.map((d) => ({ ...d, file: path.relative(copy, path.resolve(copy, d.file)).split(path.sep).join('/') }));
          for (const wanted of spec.diagnostics) {
            const summary = found.map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`).join('\n');
            expect(found, `${name}: wanted ${JSON.stringify(wanted)}, found\n${summary}`).toContainEqual(expect.objectContaining(wanted));
          }
          for (const d of found) expect(d.message.length, `${name}: a message that says something`).toBeGreaterThan(10);

          // Nothing written outside the copy: the folder around it holds the same files as before,
          // and the private temporary folder is empty again. A build that kept something made the
          // user's cache secret in their settings folder: that file, and only a secret in it.
          const after = snapshot(outside, 'case');
          const secretFile = path.join('home', '.config', 'pocketpress', 'cache-secret');
          if (after.has(secretFile)) {
            expect(spec.command, `${name}: the cache secret made by another command`).toBe('build');
            expect(readFileSync(path.join(outside, secretFile), 'utf8'), `${name}: the cache secret`).toMatch(/^[0-9a-f]{64}\n$/);
            after.delete(secretFile);
          }
          expect(after, `${name}: written outside its copy`).toEqual(before);
          expect(readdirSync(tmp).filter((entry) => !entry.startsWith('tsx-')), `${name}: left in TMPDIR`).toEqual([]);
          if (result.code !== 0) {
            expectWholeOut(out);
          } else if (spec.command === 'build') {
            expectWholeOut(out);
          }

          if (spec.secret) {
            const printed = Buffer.from(result.stdout + result.stderr, 'utf8');
            expect(printed.includes(secrets.needles[2]!), `${name}: the secret text was printed`).toBe(false);
            for (const file of listFiles(copy)) {
              const full = path.join(copy, file);
              if (!statSync(full, { throwIfNoEntry: false })?.isFile()) continue;
              if (!file.startsWith(`out${path.sep}`)) continue;
              const bytes = readFileSync(full);
              for (const needle of secrets.needles) expect(bytes.includes(needle), `${name}: ${file} holds bytes of a file outside the game`).toBe(false);
            }
          }
        } finally {
          rmSync(outside, { recursive: true, force: true });
        }
      }),
    WALL_CEILING_MS + 60_000,
  );
});
