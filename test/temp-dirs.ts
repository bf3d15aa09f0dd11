import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The folders tempDir made in this test file's process, removed once its tests have run. */
const made: string[] = [];

/** A new folder under the system's temporary folder, removed after the test file that made it (test/remove-temp-dirs.ts). */
export function tempDir(prefix = 'pocketpress-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every folder tempDir made so far; one that cannot be removed is left, never failing a test. */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
    } catch {
      // A folder a test made unreadable, or one a child process still writes to: left behind.
    }
  }
}
