import { statSync, type BigIntStats } from 'node:fs';

/**
 * What identifies one version of a file without reading it: its inode, size and change times
 * to the nanosecond. A file replaced by a rename (an editor's safe save) gets a new inode; one
 * rewritten in place gets a new change time. In-memory caches of things read from files are
 * keyed by it, so a process that builds twice never serves the first version of a file.
 */
export function fileStamp(file: string): string {
  return stampOf(file, statSync(file, { bigint: true }));
}

/** The stamp of `file` from its stat taken already (one look at the file for its stamp and what else is read of it). */
export function stampOf(file: string, info: BigIntStats): string {
  return `${file}\0${info.ino}\0${info.size}\0${info.mtimeNs}\0${info.ctimeNs}`;
}

/** When the file a stamp was taken of last changed, in milliseconds: its bytes (modification time) or anything of it (change time: a chmod, dates set back). */
export function stampChangedMs(stamp: string): number {
  const [, , , modified = '0', changed = '0'] = stamp.split('\0');
  const latest = BigInt(modified) > BigInt(changed) ? BigInt(modified) : BigInt(changed);
  return Number(latest / 1_000_000n);
}
