// The V8 settings pocketpress runs with, set as soon as this module is evaluated: the CLI
// (bin/pocketpress.js) and the bench's measuring processes import it before anything else.
// The PNG workers share their process's settings.
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
