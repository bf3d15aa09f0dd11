/**
 * The inline markup of card text: **bold**, *italic* or _italic_ (nested freely), hard line
 * breaks (a newline or the two characters `\n`), icons `:name:` and backslash escapes.
 * Emphasis is matched with CommonMark's delimiter-run rules, simplified: a run can open when
 * the next character is not a space, close when the previous one is not a space; `_` also
 * needs a non-alphanumeric character on its outer side (snake_case stays as written).
 * Markers that find no partner stay literal.
 */

export type RichSpan =
  | { kind: 'text'; text: string; bold: boolean; italic: boolean }
  | { kind: 'icon'; name: string; bold: boolean; italic: boolean }
  | { kind: 'break' };

/** Bold and italic of a span. */
export interface RichStyle {
  bold: boolean;
  italic: boolean;
}

const PLAIN: RichStyle = { bold: false, italic: false };

/** Adds a span, joining text to the last span when it has the same style; empty text adds nothing. */
export function appendSpan(spans: RichSpan[], span: RichSpan): void {
  if (span.kind === 'text') {
    if (span.text === '') return;
    const last = spans[spans.length - 1];
    if (last?.kind === 'text' && last.bold === span.bold && last.italic === span.italic) {
      last.text += span.text;
      return;
    }
  }
  spans.push(span.kind === 'break' ? span : { ...span });
}

/** Literal text as spans of one style: line breaks become breaks, nothing else is markup. */
export function literalSpans(text: string, style: RichStyle = PLAIN): RichSpan[] {
  const spans: RichSpan[] = [];
  text.split(/\r\n|\r|\n|\u2028|\u2029/).forEach((line, i) => {
    if (i > 0) spans.push({ kind: 'break' });
    appendSpan(spans, { kind: 'text', text: line, ...style });
  });
  return spans;
}

/** Literal text in which `:name:` are icons (the names the card markup reads as icons). */
export function textWithIcons(text: string, style: RichStyle = PLAIN): RichSpan[] {
  const spans: RichSpan[] = [];
  let last = 0;
  for (const match of text.matchAll(ICONS)) {
    for (const span of literalSpans(text.slice(last, match.index), style)) appendSpan(spans, span);
    spans.push({ kind: 'icon', name: match[1]!, ...style });
    last = match.index + match[0].length;
  }
  for (const span of literalSpans(text.slice(last), style)) appendSpan(spans, span);
  return spans;
}

/** Spans without the white space at their start and end (line breaks included). */
export function trimSpans(spans: readonly RichSpan[]): RichSpan[] {
  const out = spans.map((span) => (span.kind === 'break' ? span : { ...span }));
  const blank = (span: RichSpan | undefined) => span?.kind === 'break' || (span?.kind === 'text' && span.text.trim() === '');
  while (blank(out[0])) out.shift();
  while (blank(out[out.length - 1])) out.pop();
  const first = out[0];
  if (first?.kind === 'text') first.text = first.text.trimStart();
  const last = out[out.length - 1];
  if (last?.kind === 'text') last.text = last.text.trimEnd();
  return out;
}

/** True when the spans draw nothing: no icon and no text but white space. */
export function isBlank(spans: readonly RichSpan[]): boolean {
  return spans.every((span) => span.kind === 'break' || (span.kind === 'text' && span.text.trim() === ''));
}

interface Delimiter {
  kind: 'delim';
  char: '*' | '_';
  count: number;
  canOpen: boolean;
  canClose: boolean;
  active: boolean;
  opens: { bold: number; italic: number };
  closes: { bold: number; italic: number };
}

type Token = { kind: 'text'; text: string } | { kind: 'icon'; name: string } | { kind: 'break' } | Delimiter;

/** `:name:` where the name starts with a letter: "21:00" and "10 : 3" are not icons. */
const ICON = /^:([a-z][a-z0-9-]*):/;
const ICONS = /:([a-z][a-z0-9-]*):/g;
const NEWLINE = /^(\r\n|\r|\n|\u2028|\u2029)/;
const ESCAPABLE = new Set(['*', '_', ':', '\\']);

const isSpace = (ch: string | undefined): boolean => ch === undefined || /\s/u.test(ch);
const isAlnum = (ch: string | undefined): boolean => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

function makeDelimiter(text: string, start: number, end: number): Delimiter {
  const char = text[start] as '*' | '_';
  const before = text[start - 1];
  const after = text[end];
  let canOpen = !isSpace(after);
  let canClose = !isSpace(before);
  if (char === '_') {
    canOpen &&= !isAlnum(before);
    canClose &&= !isAlnum(after);
  }
  const zero = () => ({ bold: 0, italic: 0 });
  return { kind: 'delim', char, count: end - start, canOpen, canClose, active: true, opens: zero(), closes: zero() };
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pushText = (t: string) => {
    const last = tokens[tokens.length - 1];
    if (last?.kind === 'text') last.text += t;
    else tokens.push({ kind: 'text', text: t });
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    const rest = text.slice(i);
    const newline = NEWLINE.exec(rest);
    const icon = ch === ':' ? ICON.exec(rest) : null;
    if (newline) {
      tokens.push({ kind: 'break' });
      i += newline[0].length;
    } else if (ch === '\\' && text[i + 1] === 'n') {
      tokens.push({ kind: 'break' });
      i += 2;
    } else if (ch === '\\' && ESCAPABLE.has(text[i + 1] ?? '')) {
      pushText(text[i + 1]!);
      i += 2;
    } else if (icon) {
      tokens.push({ kind: 'icon', name: icon[1]! });
      i += icon[0].length;
    } else if (ch === '*' || ch === '_') {
      let end = i;
      while (text[end] === ch) end++;
      tokens.push(makeDelimiter(text, i, end));
      i = end;
    } else {
      pushText(ch);
      i++;
    }
  }
  return tokens;
}

/** Pairs closers with the nearest earlier opener of the same character (CommonMark's process emphasis). */
function matchDelimiters(tokens: Token[]): void {
  const delims = tokens.filter((t): t is Delimiter => t.kind === 'delim');
  for (let c = 0; c < delims.length; c++) {
    const closer = delims[c]!;
    if (!closer.canClose) continue;
    for (let o = c - 1; o >= 0 && closer.count > 0; o--) {
      const opener = delims[o]!;
      if (!opener.active || !opener.canOpen || opener.count === 0 || opener.char !== closer.char) continue;
      const strong = opener.count >= 2 && closer.count >= 2;
      const style = strong ? 'bold' : 'italic';
      const use = strong ? 2 : 1;
      opener.count -= use;
      closer.count -= use;
      opener.opens[style]++;
      closer.closes[style]++;
      for (let k = o + 1; k < c; k++) delims[k]!.active = false;
      o++; // the same opener may still have markers left for this closer
    }
  }
}

/** Parses card text into styled spans, icons and hard breaks. */
export function parseRichText(text: string): RichSpan[] {
  const tokens = tokenize(text);
  matchDelimiters(tokens);
  const spans: RichSpan[] = [];
  let bold = 0;
  let italic = 0;
  const pushText = (t: string) => appendSpan(spans, { kind: 'text', text: t, bold: bold > 0, italic: italic > 0 });
  for (const token of tokens) {
    if (token.kind === 'text') pushText(token.text);
    else if (token.kind === 'break') spans.push({ kind: 'break' });
    else if (token.kind === 'icon') spans.push({ kind: 'icon', name: token.name, bold: bold > 0, italic: italic > 0 });
    else {
      bold -= token.closes.bold;
      italic -= token.closes.italic;
      pushText(token.char.repeat(token.count));
      bold += token.opens.bold;
      italic += token.opens.italic;
    }
  }
  return spans;
}
