#!/usr/bin/env node
// Entry point: runs the compiled CLI in dist/ (its bundle, see cli-bundle.js) and
// hands it argv. In a development checkout (src/ is here), the source files edited since dist/
// was compiled are compiled again first, and the CLI bundled again, so the CLI always runs the
// code in src/; an installed package has no src/ and goes straight on.
import './engine-flags.js';
import { existsSync } from 'node:fs';
import { checkedAsItIs } from './checked-sources.js';
import { cliEntry } from './cli-bundle.js';
import { ROOT } from './dist-files.js';

const checkout = existsSync(new URL('../src/', import.meta.url));
// Looked at the slow way (and compiled) only when something changed since the last look found dist/ up to date.
if (checkout && !checkedAsItIs(ROOT)) {
  const { refreshDist } = await import('./compile.js');
  const problem = await refreshDist();
  if (problem) {
    process.stderr.write(`pocketpress: ${problem.message}\n`);
    if (problem.fatal) process.exit(2);
  }
}

// Before any module that loads fontkit: brotli's decoder and tiny-inflate replaced by Node's (see
// the module). A dist/ compiled before it was (and not compiled again) runs without it: they load as usual.
try {
  await import('../dist/vendor/fontkit-stand-ins.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
}
// In a checkout, where the CLI may be bundled again while it runs, it says which bundle it runs.
const { main } = await import(cliEntry(undefined, { running: checkout }));
process.exitCode = await main(process.argv.slice(2));

// The command is done (one that serves or watches returns only once stopped). The process ends
// as soon as what it printed is out, without waiting for Node to take its heaps and threads
// down one page at a time: 30–70 ms after a build, in which nothing more is done.
const flushed = (stream) => new Promise((resolve) => stream.write('', () => resolve()));
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit();
