import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { transferable } from '../../src/render/png/transferable.js';

describe('bytes handed to another thread', () => {
  it('go as they are when their buffer holds them alone: no copy, and unusable here once transferred', () => {
    const png = Buffer.concat([Buffer.alloc(70_000, 1), Buffer.alloc(30_000, 2)]);
    const view = transferable(png);
    expect(view.buffer).toBe(png.buffer);
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(view, [view.buffer]);
    expect(png.byteLength).toBe(0);
    port1.close();
    port2.close();
  });

  it('are copied when they share their buffer: a small pooled buffer, a slice, an empty one', () => {
    for (const bytes of [Buffer.from('a few bytes'), Buffer.alloc(100_000, 7).subarray(10, 5_000), Buffer.alloc(0)]) {
      const view = transferable(bytes);
      expect(view.buffer).not.toBe(bytes.buffer);
      expect(view.byteOffset).toBe(0);
      expect(view.buffer.byteLength).toBe(bytes.byteLength);
      expect(Buffer.from(view).equals(bytes)).toBe(true);
    }
  });
});
