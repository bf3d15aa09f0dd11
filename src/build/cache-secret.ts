import { randomBytes } from 'node:crypto';
import { linkSync, lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { userCacheSecretFile } from '../shared/config-files.js';
import { readCheckedFile } from '../shared/file-access.js';
import { toolFingerprint } from './fingerprint.js';

/** A secret of one's own for the build cache, for CI that keeps the cache from one run to the next (any text; keep it secret). */
export const CACHE_SECRET_ENV = 'POCKETPRESS_CACHE_SECRET';

const SECRET = /^[0-9a-f]{64}$/;

/** The user's secret file as found: missing (made by a build), refused (not theirs alone, damaged), or its secret. */
type Found = { secret: string } | 'missing' | 'refused';

/** A file only its owner, the user running this, may read or change (no such check where the system has no owners, on Windows). */
function ownedPrivately(info: { uid: number; mode: number }): boolean {
  return process.getuid === undefined || (info.uid === process.getuid() && (info.mode & 0o077) === 0);
}

function readSecret(file: string): Found {
  let info;
  try {
    info = lstatSync(file);
  } catch {
    return 'missing';
  }
  if (!info.isFile() || !ownedPrivately(info)) return 'refused';
  const text = readCheckedFile(file, 256)?.toString('utf8').trim();
  return text !== undefined && SECRET.test(text) ? { secret: text } : 'refused';
}

/** Why the last call of cacheSecret found no secret it could make (see cacheSecretNote). */
let missing: string | undefined;
const none = (why: string): undefined => {
  missing = `${why}: the build cache is not used`;
  return undefined;
};
const refused = (file: string) => `${file} is not a secret of the user's alone (a link, a file that is another's or that its group or others may read or write, or not a secret); remove it to have a new one made`;

/** Why the last call of cacheSecret that was to make the secret found none (the build then keeps and takes nothing): for the build to say. */
export function cacheSecretNote(): string | undefined {
  return missing;
}

/** Makes the user's secret file (mode 600, in a folder of mode 700 when it makes the folder), unless another build just did: the secret in it either way. */
function makeSecret(file: string): string | undefined {
  const secret = randomBytes(32).toString('hex');
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  try {
    // A link is made whole or not at all, and never over a file there: two builds that start at once take the same secret.
    linkSync(temp, file);
    return secret;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST') {
      // A file system without hard links: the file is put in place whole, by a rename.
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
      renameSync(temp, file);
      return secret;
    }
    const found = readSecret(file);
    return typeof found === 'object' ? found.secret : none(refused(file));
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * The user's secret for the build cache: $POCKETPRESS_CACHE_SECRET when set, else the one kept
 * in their settings folder (`~/.config/pocketpress/cache-secret`), made by the first build
 * (`create`; `validate`, which writes nothing, takes none when there is none yet).
 *
 * Every key of the cache is made with it. A cache folder can come with a game from a stranger
 * (`.pocketpress-cache/` beside `out/`, or `cacheDir:` in pocketpress.yaml): its entries, made
 * under another secret, are never found, so that nothing a stranger put there (a PDF or a PNG
 * of their own under the key of this game's card) is ever copied into out/.
 *
 * A secret file that is not the user's alone (another owner, any permission for group or
 * others), or not a secret, is not taken, nor written over; nor is one that cannot be made (a
 * read-only home), nor a settings folder found from an empty or relative HOME: the build then
 * uses no cache (nothing it kept could be told from a stranger's), and says why
 * (cacheSecretNote).
 */
export function cacheSecret(create: boolean, env: NodeJS.ProcessEnv = process.env): string | undefined {
  missing = undefined;
  const given = env[CACHE_SECRET_ENV];
  if (given) return given;
  const file = userCacheSecretFile(env);
  if (file === undefined) return create ? none('no home folder is known (HOME is unset, empty or relative)') : undefined;
  const found = readSecret(file);
  if (typeof found === 'object') return found.secret;
  if (!create) return undefined;
  if (found === 'refused') return none(refused(file));
  try {
    return makeSecret(file);
  } catch (error) {
    return none(`${file} cannot be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/**
 * What the cache's keys are made with (BuildCache's `version`): the tool's version and code,
 * and the user's secret (cacheSecret); undefined when there is no secret (no cache is used).
 */
export function cacheKeying(version: string, create: boolean, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const secret = cacheSecret(create, env);
  return secret === undefined ? undefined : `${toolFingerprint(version)}\0${secret}`;
}
