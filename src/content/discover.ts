import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const GAME_FILE = 'game.yaml';

export interface Discovery {
  /** Absolute game folders, sorted by name. */
  games: string[];
  /** Sub-folders that look like games but have no game.yaml. */
  strayFolders: string[];
}

/** The games under `dir`: `dir` itself when it holds a game.yaml, else each sub-folder that does. */
export function discoverGames(dir: string): Discovery {
  const root = path.resolve(dir);
  if (existsSync(path.join(root, GAME_FILE))) return { games: [root], strayFolders: [] };
  const games: string[] = [];
  const strayFolders: string[] = [];
  for (const name of readdirSync(root).sort()) {
    if (name.startsWith('.') || name === 'node_modules') continue;
    const sub = path.join(root, name);
    let isFolder = false;
    try {
      isFolder = statSync(sub).isDirectory();
    } catch {
      continue; // a dangling link or a link loop: not a game
    }
    if (!isFolder) continue;
    if (existsSync(path.join(sub, GAME_FILE))) games.push(sub);
    else strayFolders.push(sub);
  }
  return { games, strayFolders };
}
