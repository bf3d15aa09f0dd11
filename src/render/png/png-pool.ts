import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DisplayList } from '../../shared/display-list.js';
import { MAX_PNG_WORKERS } from '../../shared/budgets.js';
import { PACKAGE_ROOT } from '../../shared/game-paths.js';
import { makeBand, type BandJob, type BandMade } from '../../shared/band-cells.js';
import { turnEvery } from '../../shared/event-loop.js';
import type { BandWork, DrawJob, PngJob, PngReply, PngRequest } from './png-worker.js';
import type { RenderedPng } from './render-png.js';

type Done<J extends PngJob> = J extends DrawJob ? RenderedPng : BandMade;

/**
 * Jobs done on this thread, one after another, with a turn of the event loop at least every
 * 50 ms. Skia's canvases and images are let go by finalizers that Node runs on a turn of the
 * event loop, not when V8 collects them; and jobs asked for all at once ran as promises alone,
 * all of them begun before any ended: a build drawing every PNG on this thread (`--jobs 0`, 125
 * sets of 3 cards) never gave the event loop a turn and held 3.2 GB.
 */
const turn = turnEvery(50);
let hereQueue: Promise<unknown> = Promise.resolve();

/** A job done on this thread, after those asked for before it: Skia is loaded here only when it draws. */
function doHere<J extends PngJob>(job: J): Promise<Done<J>> {
  const done = hereQueue.then(async () => {
    await turn();
    return doNow(job);
  });
  hereQueue = done.catch(() => undefined);
  return done;
}

async function doNow<J extends PngJob>(job: J): Promise<Done<J>> {
  if (job.kind === 'band') return makeBand(job.band, job.memory) as Promise<Done<J>>;
  const { list, dpi, trims, encode } = job as DrawJob;
  return (await import('./render-png.js')).renderPng(list, { dpi, trims, encode }) as Promise<Done<J>>;
}

type TrimSize = { width: number; height: number };

/** Requests a worker holds at once: the next one is there as soon as it has encoded the one before. */
const PER_WORKER = 2;
/** Requests at once that start the first worker; fewer are drawn on the calling thread. */
const LONE = 2;

/**
 * Worker threads by default: one per core, at most MAX_PNG_WORKERS. A worker draws and encodes
 * in turn, and the main thread's layout and PDF writing leave gaps: on 2 cores, a 100-card build
 * took 6.7 s with one worker and 5.7 s with two.
 */
export function defaultPngWorkers(): number {
  return Math.max(1, Math.min(MAX_PNG_WORKERS, os.availableParallelism()));
}

/**
 * The worker's entry (png-worker-start.ts): beside this one once compiled; from the sources
 * (tests, scripts), the compiled copy in dist/, which the CLI and the test set-up keep up to date.
 */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts') ? path.join(PACKAGE_ROOT, 'dist', 'render', 'png', 'png-worker-start.js') : path.join(path.dirname(here), 'png-worker-start.js');
}

/**
 * The young generation of a worker's JavaScript heap, in MB. A worker holds little for long
 * (the display list it draws, the pixels it sends): V8's default (up to 48 MB, as for a main
 * thread) kept 43 MB of heap a worker; with 4 MB, 16 MB. Measured on 2 cores: a 1 000-card
 * build's peak 515 → 473 MB, a 100-card build's 420 → 397 MB, both as fast.
 */
const WORKER_YOUNG_MB = 4;

/**
 * The old generation a worker's heap starts with, in MB. Each card a worker draws leaves some
 * 7 MB of buffers (the pixels Skia hands over, the trims, the PNG's pieces) that only a full
 * collection frees, and V8 counts them against the old generation's limit, which for a heap
 * as small as a worker's starts at 18 MB: a worker collected in full every 1.7 cards (28 times
 * in a 100-card build, 20 ms of marking each). From 48 MB, 6 times. Measured on 2 cores,
 * paired: 100 cards ×0.95 wall, peak +41 MiB; 1 000 cards ×0.87, +40 MiB (32 MB: ×0.95 and
 * ×0.96, +16 MiB; 64 MB: ×0.88 at 1 000 cards, +64 MiB).
 */
const WORKER_OLD_START_MB = 48;

let workerHeapsSized = false;

/** V8 reads its heap settings when it makes a heap: this thread's is made, the workers' are not yet. */
function sizeWorkerHeaps(): void {
  if (workerHeapsSized) return;
  v8.setFlagsFromString(`--initial-old-space-size=${WORKER_OLD_START_MB}`);
  workerHeapsSized = true;
}

interface Task {
  id: number;
  job: PngJob;
  resolve: (done: RenderedPng | BandMade) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  tasks: Map<number, Task>;
}

/**
 * Draws PNGs on worker threads, so that Skia's drawing (synchronous, the larger part of a
 * build's time) runs beside the layout and PDF writing of the main thread. Requests wait in a
 * queue while every worker holds PER_WORKER; idle workers do not keep the process alive.
 * With 0 workers, everything is drawn on the calling thread.
 */
export class PngPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private next = 0;
  private closed = false;
  private waiting = false;

  constructor(readonly size: number) {}

  /** Worker threads running now. */
  get running(): number {
    return this.slots.length;
  }

  /**
   * Starts a worker now, when none runs, for a build that will likely draw: it loads Skia and
   * the drawing code on another core while this thread checks and lays out, and a lone request
   * (a rebuild that redraws one card) is then drawn there rather than here.
   */
  warm(): void {
    if (this.size > 0 && !this.closed && this.slots.length === 0) this.start();
  }

  /** The list drawn at `dpi` as a PNG, and its trim alone at each of `trims`. */
  render(list: DisplayList, dpi: number, trims?: readonly TrimSize[]): Promise<RenderedPng> {
    return this.submit({ kind: 'draw', list, dpi, trims, encode: true });
  }

  /** Only the trims of the list drawn at `dpi` (no PNG is encoded). */
  async trims(list: DisplayList, dpi: number, trims: readonly TrimSize[]): Promise<NonNullable<RenderedPng['trims']>> {
    return (await this.submit({ kind: 'draw', list, dpi, trims, encode: false })).trims ?? [];
  }

  /**
   * A band of a deck sheet made (makeBand; a MakeBand): on a worker that has nothing to
   * draw (a rebuild that redrew one card, whose row's other cards the worker reads from the
   * cache), `memory` going to it whole and coming back with the band (`data`); on this thread
   * while every worker draws (a full build, whose workers have more to do than this thread).
   */
  band(band: BandJob, memory: Uint8Array): Promise<BandMade> {
    const job: BandWork = { kind: 'band', band, memory };
    const idle = this.queue.length === 0 && this.slots.some((s) => s.tasks.size === 0);
    return idle ? this.submit(job) : doHere(job);
  }

  private submit<J extends PngJob>(job: J): Promise<Done<J>> {
    if (this.size === 0 || this.closed) return doHere(job);
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.next++, job, resolve: resolve as Task['resolve'], reject });
      this.pump();
    });
  }

  private pump(): void {
    // No worker yet: wait for what else this turn of the event loop asks, and draw a lone
    // request here rather than start a thread for it (starting one loads Skia and the
    // fonts again: a second of CPU, when a rebuild redraws one card).
    if (this.slots.length === 0 && this.queue.length > 0) {
      if (!this.waiting) {
        this.waiting = true;
        setImmediate(() => {
          this.waiting = false;
          if (this.queue.length >= LONE && this.slots.length === 0) this.start();
          if (this.slots.length === 0) for (const task of this.queue.splice(0)) doHere(task.job).then(task.resolve, task.reject);
          this.pump();
        });
      }
      return;
    }
    while (this.queue.length > 0) {
      let slot = this.slots.filter((s) => s.tasks.size < PER_WORKER).sort((a, b) => a.tasks.size - b.tasks.size)[0];
      if (!slot && this.slots.length < this.size) slot = this.start();
      if (!slot) return;
      const task = this.queue.shift()!;
      slot.tasks.set(task.id, task);
      slot.worker.ref();
      const { job } = task;
      if (job.kind === 'band') {
        // The band's memory goes to the worker as it is (it comes back with the band).
        const memory = new Uint8Array(job.memory.buffer, job.memory.byteOffset, job.memory.byteLength);
        slot.worker.postMessage({ id: task.id, ...job, memory } satisfies PngRequest, [memory.buffer as ArrayBuffer]);
      } else slot.worker.postMessage({ id: task.id, ...job } satisfies PngRequest);
    }
  }

  private start(): Slot {
    sizeWorkerHeaps();
    const worker = new Worker(workerFile(), { resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB } });
    const slot: Slot = { worker, tasks: new Map() };
    worker.on('message', (reply: PngReply) => {
      const task = slot.tasks.get(reply.id);
      if (!task) return;
      slot.tasks.delete(reply.id);
      if (slot.tasks.size === 0) worker.unref();
      const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      if ('error' in reply) task.reject(new Error(reply.error));
      else if ('band' in reply) task.resolve({ band: { ...reply.band, chunk: buffer(reply.band.chunk) }, data: buffer(reply.data) });
      else if ('damaged' in reply) task.resolve({ damaged: reply.damaged, data: buffer(reply.data) });
      else {
        const trims = reply.trims?.map((t) => ({ data: buffer(t.data), width: t.width, height: t.height, channels: 3 as const }));
        task.resolve({ png: buffer(reply.png), widthPx: reply.widthPx, heightPx: reply.heightPx, ...(trims ? { trims } : {}) });
      }
      this.pump();
    });
    const fail = (error: Error) => {
      // A worker that died takes its drawings with it (drawn again, one might end it again); the
      // others go on, and a new one starts for the queue. Its bands are made here.
      this.slots.splice(this.slots.indexOf(slot), 1);
      for (const task of slot.tasks.values()) {
        if (task.job.kind === 'band') doHere(anew(task.job)).then(task.resolve, task.reject);
        else task.reject(error);
      }
      slot.tasks.clear();
      if (!this.closed) this.pump();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.slots.includes(slot)) fail(new Error(`a PNG worker stopped (exit ${code})`));
    });
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  /** Stops the workers; requests still waiting are drawn on the calling thread. */
  async close(): Promise<void> {
    this.closed = true;
    const waiting = this.queue.splice(0);
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
    for (const s of slots) {
      for (const task of s.tasks.values()) waiting.push(task.job.kind === 'band' ? { ...task, job: anew(task.job) } : task);
    }
    for (const task of waiting) doHere(task.job).then(task.resolve, task.reject);
  }
}

/**
 * A band sent to a worker that stopped, to be made here: all it is made of is still on this
 * thread (its cells were copied to the worker, its kept trims are files) but its memory, which
 * went with it and is made anew.
 */
function anew(job: BandWork): BandWork {
  return job.memory.byteLength > 0 ? job : { ...job, memory: Buffer.allocUnsafeSlow(job.band.width * job.band.height * 3) };
}

let shared: PngPool | undefined;

/** The process's pool, made on first use with `size` workers (defaultPngWorkers() unless said). */
export function pngPool(size?: number): PngPool {
  const wanted = size ?? shared?.size ?? defaultPngWorkers();
  if (!shared || shared.size !== wanted) {
    void shared?.close();
    shared = new PngPool(wanted);
  }
  return shared;
}
