// How the benchmark measures: a command as a whole process (GNU time's own accounting of the
// finished process and the children it waited for), or work inside this process (CPU of every
// thread, wall clock, peak resident memory), or work in a browser this process started.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Measure {
  /** "process": the whole command, start-up included; "work": the work alone, inside a process already started. */
  scope: 'process' | 'work';
  cpuMs: number;
  wallMs: number;
  peakRssMb: number;
}

const TIME = '/usr/bin/time';

/** Runs `command` to the end and measures it; throws with its stderr when it fails. */
export function measureProcess(command: string, args: readonly string[], options: { cwd?: string } = {}): Measure & { stdout: string } {
  const report = path.join(os.tmpdir(), `pocketpress-bench-time-${process.pid}`);
  const withTime = existsSync(TIME);
  const started = performance.now();
  const run = withTime
    ? spawnSync(TIME, ['-f', '%e %U %S %M', '-o', report, command, ...args], { cwd: options.cwd, encoding: 'utf8', maxBuffer: 1 << 26 })
    : spawnSync(command, args, { cwd: options.cwd, encoding: 'utf8', maxBuffer: 1 << 26 });
  const wallMs = performance.now() - started;
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${run.status ?? run.signal}):\n${run.stderr}`);
  if (!withTime) return { scope: 'process', cpuMs: Number.NaN, wallMs, peakRssMb: Number.NaN, stdout: run.stdout };
  const [elapsed, user, system, rssKb] = readFileSync(report, 'utf8').trim().split('\n').pop()!.split(' ').map(Number) as [number, number, number, number];
  rmSync(report, { force: true });
  return { scope: 'process', cpuMs: (user + system) * 1000, wallMs: elapsed * 1000, peakRssMb: rssKb / 1024, stdout: run.stdout };
}

/** Measures `work` inside this process: CPU of all its threads (sharp's and Skia's included), wall, peak RSS so far. */
export async function measureWork(work: () => Promise<unknown>): Promise<Measure> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { scope: 'work', cpuMs: (used.user + used.system) / 1000, wallMs, peakRssMb: process.resourceUsage().maxRSS / 1024 };
}

const TICKS_PER_SECOND = 100;

/** The processes below `pid` (children, grandchildren, …) as /proc shows them now. */
function descendants(pid: number): number[] {
  const parent = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  const found: number[] = [];
  const visit = (p: number) => {
    for (const [child, of] of parent) if (of === p) (found.push(child), visit(child));
  };
  visit(pid);
  return found;
}

/** CPU milliseconds and the largest peak RSS (MB) of the processes below this one. */
export function childrenUsage(): { cpuMs: number; peakRssMb: number } {
  let ticks = 0;
  let peakKb = 0;
  for (const pid of descendants(process.pid)) {
    try {
      const line = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const stat = line.slice(line.lastIndexOf(')') + 2).split(' ');
      ticks += Number(stat[11]) + Number(stat[12]); // utime, stime
      const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
    } catch {
      // ended meanwhile
    }
  }
  return { cpuMs: (ticks / TICKS_PER_SECOND) * 1000, peakRssMb: peakKb / 1024 };
}

/** CPU milliseconds one process (all its threads) has used so far, and its peak RSS (MB). */
function processUsage(pid: number): { cpuMs: number; peakRssMb: number } {
  const line = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const stat = line.slice(line.lastIndexOf(')') + 2).split(' ');
  const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpuMs: ((Number(stat[11]) + Number(stat[12])) / TICKS_PER_SECOND) * 1000, peakRssMb: hwm ? Number(hwm[1]) / 1024 : Number.NaN };
}

/**
 * The save-to-seen loop of a command that watches: starts `command`, waits for its first
 * `ready` line on stdout, then for each of `edits` makes the save and measures until the next
 * `ready` line — wall from the save (the watcher's debounce included, as a designer waits for
 * it) and the CPU the process spent meanwhile, all its threads. The process is then stopped
 * with SIGINT. One measure a save, in order.
 */
export async function measureWatch(command: string, args: readonly string[], ready: RegExp, edits: readonly (() => void)[], options: { cwd?: string; timeoutMs?: number } = {}): Promise<Measure[]> {
  const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    return await new Promise<Measure[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${command} ${args.join(' ')}: no rebuild within ${options.timeoutMs ?? 300_000} ms\n${stderr}`)), options.timeoutMs ?? 300_000);
      child.on('exit', (code) => reject(new Error(`${command} ${args.join(' ')} ended (${code}) before it was measured:\n${stderr}`)));
      const measures: Measure[] = [];
      let buffered = '';
      let start: { at: number; cpuMs: number } | undefined;
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) {
          if (!ready.test(line)) continue;
          if (start) {
            const now = processUsage(child.pid!);
            measures.push({ scope: 'process', cpuMs: now.cpuMs - start.cpuMs, wallMs: performance.now() - start.at, peakRssMb: now.peakRssMb });
          }
          const edit = edits[measures.length];
          if (!edit) {
            clearTimeout(timer);
            return resolve(measures);
          }
          start = { at: performance.now(), cpuMs: processUsage(child.pid!).cpuMs };
          edit();
        }
      });
    });
  } finally {
    child.kill('SIGINT');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
  }
}

/** Wall milliseconds of each stage of one measured piece of work, in the order the stages first ran. */
export type Stages = Record<string, number>;

/** Runs `work` (awaiting it when it is a promise) and adds its wall time to `stages` under `name`. */
export function stage<T>(stages: Stages | undefined, name: string, work: () => T): T {
  const started = performance.now();
  const add = () => {
    if (stages) stages[name] = (stages[name] ?? 0) + performance.now() - started;
  };
  const result = work();
  if (result instanceof Promise) return result.finally(add) as T;
  add();
  return result;
}

export function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
