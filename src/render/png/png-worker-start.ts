// The entry of a PNG worker thread: brotli's stand-in put in place (see
// vendor/fontkit-brotli.ts), then the worker, whose modules load fontkit.
import '../../vendor/fontkit-brotli.js';

await import('./png-worker.js');
