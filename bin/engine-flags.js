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
export const ENGINE_FLAGS = ['--interrupt-budget=540672'];

for (const flag of ENGINE_FLAGS) v8.setFlagsFromString(flag);
