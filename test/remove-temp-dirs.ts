// Run by vitest before each test file (setupFiles): the temporary folders a file's tests made
// are removed once they have all run, so that `npm test` leaves nothing under the system's /tmp.
import { afterAll } from 'vitest';
import { removeTempDirs } from './temp-dirs.js';

afterAll(removeTempDirs);
