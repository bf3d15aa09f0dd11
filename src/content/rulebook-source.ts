import path from 'node:path';
import type { LoadedGame } from './model.js';

/** The Markdown file of a language's rulebook: as named in game.yaml, else rules/<lang>.md (absolute). */
export function rulebookSource(loaded: LoadedGame, lang: string): string {
  const written = loaded.data?.rulebook?.sources?.[lang] ?? `rules/${lang}.md`;
  return path.resolve(loaded.dir, written);
}
