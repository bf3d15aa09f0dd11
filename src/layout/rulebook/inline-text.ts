import type { Token } from 'markdown-it';
import type { Inline } from './blocks.js';

/** `:name:` as the text layout reads it (a letter first: "10:30" is no icon). */
const ICON = /:([a-z][a-z0-9-]*):/g;

/** Escapes what the rich-text syntax would read as markup: \, *, _ and :. */
export function escapeRich(text: string): string {
  return text.replace(/[\\*_:]/g, (c) => `\\${c}`);
}

/** Escapes literal text but keeps `:icon:` names as icons. */
function richWithIcons(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(ICON)) {
    out += escapeRich(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + escapeRich(text.slice(last));
}

const BR = /^<br\s*\/?>$/i;

/**
 * markdown-it's inline tokens as rich text and plain text: strong → **, em → *, soft breaks
 * as spaces, hard breaks as newlines, code as literal text, links as their text.
 */
export function readInline(tokens: readonly Token[]): Inline {
  let rich = '';
  let plain = '';
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        rich += richWithIcons(token.content);
        plain += token.content;
        break;
      case 'code_inline':
        rich += escapeRich(token.content);
        plain += token.content;
        break;
      case 'softbreak':
        rich += ' ';
        plain += ' ';
        break;
      case 'hardbreak':
        rich += '\n';
        plain += '\n';
        break;
      case 'strong_open':
      case 'strong_close':
        rich += '**';
        break;
      case 'em_open':
      case 'em_close':
        rich += '*';
        break;
      case 'html_inline':
        if (BR.test(token.content.trim())) {
          rich += '\n';
          plain += '\n';
        }
        break;
      case 'image':
        plain += token.content;
        break;
      default:
        break; // links, strikethrough: their text only
    }
  }
  return { rich: rich.trim(), plain: plain.replace(/[ \t]+/g, ' ').trim() };
}

/** Inline tokens cut at images: text runs and the images between them, in order. */
export function splitAtImages(tokens: readonly Token[]): (Token[] | Token)[] {
  const parts: (Token[] | Token)[] = [];
  let run: Token[] = [];
  for (const token of tokens) {
    if (token.type !== 'image') run.push(token);
    else {
      parts.push(run, token);
      run = [];
    }
  }
  parts.push(run);
  return parts.filter((part) => !Array.isArray(part) || part.some((t) => t.type !== 'softbreak' && !(t.type === 'text' && t.content.trim() === '')));
}
