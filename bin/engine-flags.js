// The engine settings pocketpress runs with (V8's flags, and how the C allocator keeps memory),
// set as soon as this module is evaluated: the CLI (bin/pocketpress.js) and the bench's
// measuring processes import it before anything else. The PNG workers share their process's settings.
import v8 from 'node:v8';

/**
 * V8 optimizes a function once it has run for a while (its "interrupt budget": 132 KB of
 * bytecode executed). Four times that leaves to the interpreter the code a build runs only
 * briefly, whose optimizing cost more than it saved: on 2 cores a 100-card build took 11 % less
 * CPU and 7 % less time, a 1 000-card one 7 % less of both, a one-card rebuild 18 % less CPU;
 * eight times the default did no better than four.
 */
const INTERRUPT_BUDGET = '--interrupt-budget=540672';

/**
 * After a full collection V8 lets the old generation grow by a factor it picks from the speed
 * of its collections: about 1.6 for the main thread of a build, whose buffers (each card's PNG
 * and trim from the PNG workers, the deck sheets' bands) V8 counts against that room as well.
 * Marking started again as soon as a collection ended (at 1 000 cards: 41 MB of a 65 MB limit,
 * every 8 to 15 cards) and freed 1 or 2 MB each time; V8's helper threads spent a third of a
 * 10 000-card build's CPU marking. Twice the live heap as room, measured on 2 cores: a
 * 1 000-card build made 31 full collections instead of 110–118, with 13 % less CPU and time; a
 * 10 000-card one took 304 s instead of 401 (CPU 563 s instead of 754), its peak memory 953 MiB
 * instead of 980. Three times (200) was 2 % faster and took 17 MiB more.
 */
const HEAP_GROWING = '--heap-growing-percent=100';

export const ENGINE_FLAGS = [INTERRUPT_BUDGET, HEAP_GROWING];

for (const flag of ENGINE_FLAGS) v8.setFlagsFromString(flag);

/**
 * glibc's malloc maps each allocation of 128 KB or more on its own and unmaps it when freed, and
 * gives back to the system the free top of its heaps beyond 128 KB: the next such allocation is
 * fresh memory, paid page by page as it is first touched (some 12 µs a page on the 2-core
 * machines measured). Every zlib stream allocates and frees about 260 KB (each page of a PDF,
 * each piece of a PNG, each trim kept), Skia a canvas a card, a file read its buffer. glibc raises
 * both limits, to a freed mapping's size and twice that, when it frees one: a buffer of
 * REUSED_BYTES made and dropped here (freed by V8's first collections, as the modules load) leaves
 * whatever is smaller to memory freed before. Measured: 1 300 zlib streams of a 12 KB page took
 * 86 ms instead of 315 (5 300 page faults instead of 17 800); a rebuild of 1 000 cards with one
 * changed ×0.95 the time, a 100-card build ×0.97 (peak +11 MiB). 16 MB did no better than 4.
 * Another allocator (macOS, musl) only sees a buffer come and go.
 */
const REUSED_BYTES = 4 * 1024 * 1024;
Buffer.allocUnsafeSlow(REUSED_BYTES).fill(0, 0, 1);
