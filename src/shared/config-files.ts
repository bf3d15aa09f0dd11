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

/**
 * The user's own folder of pocketpress files: $XDG_CONFIG_HOME/pocketpress (when absolute), else
 * ~/.config/pocketpress. A folder given as a relative path (an empty or relative $HOME) would
 * be found from wherever the command runs, inside a project that came from anyone: only an
 * absolute one is taken ($HOME, else, when $HOME is unset, the system account's home); with
 * none, the user has no such folder.
 */
function userConfigDir(env: NodeJS.ProcessEnv): string | undefined {
  const xdg = env['XDG_CONFIG_HOME'];
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'pocketpress');
  const home = env['HOME'] !== undefined ? env['HOME'] : accountHome();
  return home !== undefined && path.isAbsolute(home) ? path.join(home, '.config', 'pocketpress') : undefined;
}

/** The home folder of the account running this (os.homedir, which throws for an account the system does not know). */
function accountHome(): string | undefined {
  try {
    return os.homedir();
  } catch {
    return undefined;
  }
}

/** The user's printers.yaml: $XDG_CONFIG_HOME/pocketpress/printers.yaml, else ~/.config/pocketpress/printers.yaml; none without a home folder (userConfigDir). */
export function userPrintersFile(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dir = userConfigDir(env);
  return dir && path.join(dir, 'printers.yaml');
}

/** The user's build-cache secret (see src/build/cache-secret.ts), beside printers.yaml; none without a home folder. */
export function userCacheSecretFile(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dir = userConfigDir(env);
  return dir && path.join(dir, 'cache-secret');
}
