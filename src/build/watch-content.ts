import path from 'node:path';
import { watch as chokidarWatch, type FSWatcher } from 'chokidar';
import { rememberParsedYaml } from '../content/load-yaml.js';

/** How long to wait after the last save before building, so a burst of saves builds once. */
export const DEBOUNCE_MS = 200;

export interface WatchOptions {
  /** Folders to watch (the content and the shared templates). */
  folders: string[];
  /** Never reported: the output folder, when it lies inside a watched folder. */
  ignore?: string[];
  /** Called once per burst of saves, 200 ms after the last one, with the absolute paths that changed. */
  onChange: (files: string[]) => void;
  debounceMs?: number;
}

export interface ContentWatcher {
  /** Resolves once the watcher has read the folders and reports every later save. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Hidden files and folders, editors' backups and swap files (`file~`, `.file.swp`, `4913`). */
function isNoise(relative: string): boolean {
  return /(^|[\\/])\./.test(relative) || /~$/.test(relative) || /(^|[\\/])4913$/.test(relative);
}

/**
 * Watches the content for saves in any editor. chokidar re-arms its watch when a file is
 * replaced by a rename (the safe save of Vim, Emacs, JetBrains and `sed -i`), which Node 20's
 * recursive fs.watch loses after the first one on Linux. The process then keeps each YAML
 * file's parse, so that each build after a save parses only the files that changed.
 */
export function watchContent(options: WatchOptions): ContentWatcher {
  rememberParsedYaml();
  const ignored = (options.ignore ?? []).map((p) => path.resolve(p));
  const folders = options.folders.map((f) => path.resolve(f));
  const inside = (file: string, dir: string) => file === dir || file.startsWith(dir + path.sep);
  const watcher: FSWatcher = chokidarWatch(folders, {
    ignoreInitial: true,
    followSymlinks: false,
    atomic: true,
    ignored: (file: string) => {
      const absolute = path.resolve(file);
      if (ignored.some((dir) => inside(absolute, dir))) return true;
      const base = folders.find((dir) => inside(absolute, dir));
      return base !== undefined && isNoise(path.relative(base, absolute));
    },
  });
  let timer: NodeJS.Timeout | undefined;
  let changed = new Set<string>();
  const note = (file: string) => {
    changed.add(path.resolve(file));
    clearTimeout(timer);
    timer = setTimeout(() => {
      const files = [...changed];
      changed = new Set();
      options.onChange(files);
    }, options.debounceMs ?? DEBOUNCE_MS);
  };
  watcher.on('all', (_event, file) => note(file));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    close: async () => {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
