import { expect } from 'vitest';
import { layoutSet } from '../../../src/build/build-game.js';
import { checkContent } from '../../../src/content/check-content.js';
import type { LayoutProblem } from '../../../src/shared/problem.js';
import { resolveGame } from '../../../src/resolve/resolve-game.js';

/** The faces of the first set of the one game in `game` (English), and the problems laying them out reported. */
export function layOut(game: string) {
  const check = checkContent(game);
  expect(check.games).toHaveLength(1);
  const resolved = resolveGame(check.games[0]!, 'en');
  const problems: LayoutProblem[] = [];
  const faces = layoutSet(resolved, resolved.sets[0]!, (p) => problems.push(p));
  return { faces, problems };
}
