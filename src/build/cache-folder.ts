import path from 'node:path';
import { realAsFarAsItIs, within } from '../shared/file-access.js';
import { UsageError } from '../shared/errors.js';

export const CACHE_FOLDER = '.pocketpress-cache';

/**
 * The build cache's folder: as asked, else `.pocketpress-cache/<name of out>/` beside `out`
 * (never inside it: out/ is what a user zips and shares; one per output folder, so that two
 * output folders side by side do not share one). `validate` reads the one of the output folder
 * a build would write to.
 */
export function cacheFolder(request: { out: string; cacheDir?: string }): string {
  const dir = request.cacheDir ?? path.join(path.dirname(request.out), CACHE_FOLDER, path.basename(request.out));
  // Where each is once links are followed (as far as it exists yet): a link does not put one inside the other.
  const [cache, out] = [realAsFarAsItIs(dir), realAsFarAsItIs(request.out)];
  if (within(out, cache)) throw new UsageError(`the cache cannot be kept inside the output folder (${dir}); name another folder`);
  if (within(cache, out)) throw new UsageError(`the output folder cannot be inside the cache (${dir}); name another folder`);
  return dir;
}
