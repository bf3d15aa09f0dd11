import { PNG_KERNELS_WASM } from './png-kernels-wasm.js';

/**
 * The byte loops of the PNG writer (png-kernels.wat), run as WebAssembly with 128-bit SIMD on
 * the bytes of its own memory: each thread that writes PNGs has its own instance.
 *
 * Measured on a bench poker card (815 × 1110 px) against the JavaScript loops they replace:
 * RGBA to RGB 3.6 → 0.13 ms, Adler-32 1.5 → 0.2 ms, the Up filter 1.2 → 0.13 ms, counting
 * the words equal to the word above them ~1 → 0.12 ms; the search for long repeats in the
 * samples of a card's pieces 1.5 → 1.0 ms.
 */
interface KernelMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

interface KernelExports {
  memory: KernelMemory;
  rgbRows(src: number, srcStride: number, dst: number, line: number, rows: number, width: number): void;
  straightRows(src: number, srcStride: number, dst: number, line: number, rows: number, width: number): void;
  equalWords(base: number, line: number, from: number, to: number, stride: number): number;
  upRows(plain: number, up: number, line: number, from: number, to: number, stride: number): void;
  adler32(at: number, length: number, adler: number): number;
  longMatches(at: number, length: number, table: number): number;
}

/** The kernels' memory below this holds longMatches' table; their callers' bytes go from here on. */
export const KERNEL_FREE = 32 * 1024;

/** The part of the WebAssembly API used here (Node's; the types of the DOM are not loaded). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let instance: KernelExports | undefined;
let view = new Uint8Array(0);

function kernels(): KernelExports {
  instance ??= new wasm.Instance(new wasm.Module(Buffer.from(PNG_KERNELS_WASM, 'base64'))).exports as KernelExports;
  return instance;
}

/**
 * The kernels' memory holds at least `size` bytes; its bytes (a view made again whenever it
 * grows). Growing it empties every view of it taken before: callers given bytes look at where
 * they are before asking for more room.
 */
export function kernelMemory(size: number): Uint8Array {
  size = Math.max(size, KERNEL_FREE);
  const { memory } = kernels();
  const page = 65536;
  if (memory.buffer.byteLength < size) memory.grow(Math.ceil((size - memory.buffer.byteLength) / page));
  if (view.buffer !== memory.buffer) view = new Uint8Array(memory.buffer);
  return view;
}

/**
 * Rows of pixels (`channels` bytes a pixel, `srcStride` bytes apart, at `src` in the kernels'
 * memory) written at `dst` as a PNG's rows, each its filter byte (0) then the row: `rgb`
 * drops alpha, `straight` divides premultiplied colours by their alpha. `rgb` may write up to 4
 * bytes past the last row.
 */
export function convertRows(kind: 'rgb' | 'straight', src: number, srcStride: number, dst: number, line: number, rows: number, width: number): void {
  if (kind === 'rgb') kernels().rgbRows(src, srcStride, dst, line, rows, width);
  else kernels().straightRows(src, srcStride, dst, line, rows, width);
}

/** Words (4 bytes from each row's start; a row's last stride mod 4 bytes as one) of rows `from`–`to` (excluded) equal to the word above. */
export function equalWords(piece: number, line: number, from: number, to: number, stride: number): number {
  return kernels().equalWords(piece, line, from, to, stride);
}

/** Rows `from`–`to` (excluded) of the piece at `plain` (the row above its first just before it) Up-filtered into the piece at `up`. */
export function upRows(plain: number, up: number, line: number, from: number, to: number, stride: number): void {
  kernels().upRows(plain, up, line, from, to, stride);
}

/** The Adler-32 of `length` bytes at `at` in the kernels' memory, continuing from `adler`. */
export function adler32At(at: number, length: number, adler: number): number {
  return kernels().adler32(at, length, adler) >>> 0;
}

/**
 * How many of the `length` bytes at `at` (from KERNEL_FREE on) repeat bytes before them in runs
 * of 8 or more, as deflate's matches would find them (see png-kernels.wat).
 */
export function longMatchesAt(at: number, length: number): number {
  return kernels().longMatches(at, length, 0);
}
