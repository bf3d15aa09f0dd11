import os from 'node:os';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the settings files live, found without reading them: a command that finds none goes on
 * without loading the code that reads and checks them.
 */

/** The project's settings file, by the names it may take. */
export const PROJECT_FILES = ['pocketpress.yaml', 'pocketpress.config.yaml'] as const;

/** The settings file in `dir` or the nearest folder above it, if any. */
export function findProjectFile(dir: string): string | undefined {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    for (const name of PROJECT_FILES) {
      const file = path.join(at, name);
      if (existsSync(file)) return file;
    }
    if (path.dirname(at) === at) return undefined;
  }
}

/** The user's printers.yaml: $XDG_CONFIG_HOME/pocketpress/printers.yaml, else ~/.config/pocketpress/printers.yaml. */
export function userPrintersFile(env: NodeJS.ProcessEnv = process.env): string {
  const config = env['XDG_CONFIG_HOME'] && path.isAbsolute(env['XDG_CONFIG_HOME']) ? env['XDG_CONFIG_HOME'] : path.join(env['HOME'] ?? os.homedir(), '.config');
  return path.join(config, 'pocketpress', 'printers.yaml');
}
