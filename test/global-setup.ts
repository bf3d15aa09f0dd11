// Compiles the sources edited since dist/ was last compiled, before any test runs: the PNG
// workers run the compiled code, as the CLI does.
import { refreshDist } from '../bin/compile.js';

export default async function setup(): Promise<void> {
  const problem = await refreshDist();
  if (problem?.fatal) throw new Error(problem.message);
}
