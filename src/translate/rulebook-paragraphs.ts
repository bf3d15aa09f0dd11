import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MarkdownIt } from '../vendor/markdown-it.js';
import { splitFrontMatter } from '../content/front-matter.js';
import type { LoadedGame } from '../content/model.js';
import { rulebookSource } from '../content/rulebook-source.js';
import { BUDGETS } from '../shared/budgets.js';
import { checkGamePath } from '../shared/game-paths.js';
import { blockTooDeep, maxNestingOf } from '../shared/markdown-nesting.js';
import { hashText } from './lock-file.js';

/** One block of a rulebook a translator translates as a whole: a heading, a paragraph, a list item's text, a table, a code block. */
export interface RulebookParagraph {
  /** 1-based line where it starts in its file. */
  line: number;
  /** Its Markdown source, lines joined by one space and trimmed. */
  text: string;
  /** `hashText` of the text. */
  hash: string;
}

export interface RulebookFile {
  /** Path from the game folder, with "/" ("rules/en.md"). */
  file: string;
  paragraphs: RulebookParagraph[];
}

const markdown = new MarkdownIt({ html: true });
/** Block tokens that open one translatable unit; a table counts as one unit (its cells are not paragraphs of their own). */
const UNITS = new Set(['heading_open', 'paragraph_open', 'fence', 'code_block', 'table_open']);
/** HTML comments (page breaks, notes to the translator) are not text to translate. */
const COMMENT = /^<!--[\s\S]*-->\s*$/;

/**
 * The translatable units of a Markdown text, in order, without its front matter; undefined when
 * its lists or quotes nest deeper than Markdown is read (what follows would be left out).
 */
export function paragraphsOf(text: string): RulebookParagraph[] | undefined {
  const lines = splitFrontMatter(text).body.split(/\r?\n/);
  const out: RulebookParagraph[] = [];
  let insideTable = false;
  const tokens = markdown.parse(lines.join('\n'), {});
  if (blockTooDeep(tokens, maxNestingOf(markdown))) return undefined;
  for (const [i, token] of tokens.entries()) {
    if (token.type === 'table_close') insideTable = false;
    if (insideTable || !UNITS.has(token.type) || !token.map) continue;
    if (token.type === 'table_open') insideTable = true;
    const [start, end] = token.map;
    // A heading's or paragraph's own text (no "#", list marker or quote mark); a table or code block as written.
    const written = token.type === 'heading_open' || token.type === 'paragraph_open' ? (tokens[i + 1]?.content ?? '') : lines.slice(start, end).join('\n');
    const source = written.split('\n').map((l) => l.trim()).join(' ').trim();
    if (source === '' || COMMENT.test(source) || source === '\\pagebreak') continue;
    out.push({ line: start + 1, text: source, hash: hashText(source) });
  }
  return out;
}

/**
 * The rulebook of one language of a game, read through the game's file rules (inside the game
 * folder, a regular file, within the Markdown budget); undefined when the game has no rulebook
 * or the file cannot be read whole (validate says why).
 */
export function readRulebookParagraphs(game: LoadedGame, lang: string): RulebookFile | undefined {
  if (!game.data?.rulebook) return undefined;
  const absolute = rulebookSource(game, lang);
  const written = path.relative(game.dir, absolute).split(path.sep).join('/');
  const check = checkGamePath(game.dir, written);
  if (!check.ok) return undefined;
  const bytes = readFileSync(check.absolute);
  if (bytes.length > BUDGETS.markdownBytes) return undefined;
  const paragraphs = paragraphsOf(bytes.toString('utf8'));
  return paragraphs && { file: written, paragraphs };
}

/** The rulebook files of `languages` that are there but cannot be read whole: their texts are left out (validate says why). */
export function unreadableRulebooks(game: LoadedGame, languages: readonly string[]): string[] {
  if (!game.data?.rulebook) return [];
  return languages.flatMap((lang) => {
    const absolute = rulebookSource(game, lang);
    if (!existsSync(absolute) || readRulebookParagraphs(game, lang)) return [];
    return [path.relative(game.dir, absolute).split(path.sep).join('/')];
  });
}
