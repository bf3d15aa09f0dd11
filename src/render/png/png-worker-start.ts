// The entry of a PNG worker thread: the stand-ins of what fontkit loads put in place (see
// vendor/fontkit-stand-ins.ts), then the worker, whose modules load fontkit.
import '../../vendor/fontkit-stand-ins.js';

await import('./png-worker.js');
