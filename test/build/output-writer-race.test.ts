import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tempDir } from '../helpers.js';

/** What happens to the earlier build's file at the moment it is linked (another build committing into the same out/). */
const atLink: { run?: (from: string) => void } = {};

vi.mock('node:fs', async (original) => {
  const real = await original<typeof import('node:fs')>();
  return {
    ...real,
    linkSync: (from: fs.PathLike, to: fs.PathLike) => {
      atLink.run?.(String(from));
      return real.linkSync(from, to);
    },
  };
});

const { OutputWriter } = await import('../../src/build/output-writer.js');
const { folderStamps } = await import('../../src/build/up-to-date.js');

function build(out: string, kept: string, trusted?: ReadonlySet<string>): ReadonlySet<string> {
  const writer = new OutputWriter(out, false, trusted);
  writer.prepare([{ game: 'g', lang: 'en' }]);
  const bytes = fs.readFileSync(kept);
  writer.folder('g', 'en').copy('png/a.png', { file: kept, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }, { kind: 'component-png' });
  writer.commit('pocketpress test');
  return new Set(folderStamps([path.join(out, 'g', 'en')]));
}

describe('taking a file from the folder being replaced while something else changes it', () => {
  it('a file swapped for another of its size as it is linked is not taken: the cache\'s copy is', () => {
    const out = tempDir();
    const kept = path.join(tempDir(), 'a');
    fs.writeFileSync(kept, 'bytes of a.png');
    const stamps = build(out, kept);
    atLink.run = (from) => {
      fs.rmSync(from);
      fs.writeFileSync(from, 'OTHER of a.png');
    };
    try {
      build(out, kept, stamps);
    } finally {
      atLink.run = undefined;
    }
    expect(fs.readFileSync(path.join(out, 'g', 'en', 'png', 'a.png'), 'utf8')).toBe('bytes of a.png');
  });

  it('a file gone as it is linked is copied from the cache, and the build goes on', () => {
    const out = tempDir();
    const kept = path.join(tempDir(), 'a');
    fs.writeFileSync(kept, 'bytes of a.png');
    const stamps = build(out, kept);
    atLink.run = (from) => fs.rmSync(path.dirname(from), { recursive: true });
    try {
      build(out, kept, stamps);
    } finally {
      atLink.run = undefined;
    }
    expect(fs.readFileSync(path.join(out, 'g', 'en', 'png', 'a.png'), 'utf8')).toBe('bytes of a.png');
  });

  it('trusts no record of the last build that every user may rewrite', async () => {
    const { keepUpToDate, recordedOutputs } = await import('../../src/build/up-to-date.js');
    const cacheDir = tempDir();
    const out = tempDir();
    fs.mkdirSync(path.join(out, 'g', 'en'), { recursive: true });
    fs.writeFileSync(path.join(out, 'g', 'en', 'a.png'), 'a');
    keepUpToDate(cacheDir, 'request', { inputs: [], files: [], outputs: [path.join(out, 'g', 'en')], result: {} });
    expect(recordedOutputs(cacheDir, 'request').size).toBeGreaterThan(1);
    const record = fs.readdirSync(path.join(cacheDir, 'up-to-date')).map((f) => path.join(cacheDir, 'up-to-date', f))[0]!;
    fs.chmodSync(record, 0o666);
    expect(recordedOutputs(cacheDir, 'request').size).toBe(0);
  });
});
