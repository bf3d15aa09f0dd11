import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from './temp-dirs.js';

describe('the temporary folders of the tests', () => {
  it('are removed with what they hold once asked (after each test file), and only those', () => {
    const first = tempDir('pocketpress-temp-');
    const second = tempDir();
    mkdirSync(path.join(first, 'deep', 'er'), { recursive: true });
    writeFileSync(path.join(first, 'deep', 'er', 'file.txt'), 'x');
    expect(path.basename(first).startsWith('pocketpress-temp-')).toBe(true);
    expect([existsSync(first), existsSync(second)]).toEqual([true, true]);
    removeTempDirs();
    expect([existsSync(first), existsSync(second)]).toEqual([false, false]);
    // A folder made after is there until the next removal.
    const third = tempDir();
    expect(existsSync(third)).toBe(true);
  });
});
