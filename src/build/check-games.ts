import { allowMissingTranslations } from '../content/allow-missing.js';
import { checkContent } from '../content/check-content.js';
import type { ContentCheck } from '../content/model.js';

/** What to check: the folder of games and which of them. */
export interface CheckRequest {
  /** Absolute folder of games (or one game folder). */
  root: string;
  games?: string[];
  languages?: string[];
  /** A missing translation prints the source language, with a warning. */
  allowMissing?: boolean;
}

/** Load → validate: what `validate` reports, and what `build` starts from. */
export function checkGames(request: CheckRequest): ContentCheck {
  const checked = checkContent(request.root, { games: request.games, languages: request.languages });
  return request.allowMissing ? allowMissingTranslations(checked) : checked;
}
