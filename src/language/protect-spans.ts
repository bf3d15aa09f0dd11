/**
 * Parts of a text that typography must never touch, each replaced by one private-use
 * character while the rules run (so a rule sees "a word here"), then put back:
 * bindings `{{item.name}}`, inline icons `:skull:`, URLs and e-mail addresses, backslash
 * escapes, and emoticons such as `:)` or `;-)`.
 */
const PROTECTED = new RegExp(
  [
    String.raw`\{\{[\s\S]*?\}\}`,
    String.raw`:[a-z][a-z0-9-]*:`,
    String.raw`\b(?:https?|ftp):\/\/[^\s<>"«»]*[^\s<>"«».,;:!?)\]]`,
    String.raw`\bwww\.[^\s<>"«»]*[^\s<>"«».,;:!?)\]]`,
    String.raw`\bmailto:[^\s<>"«»]*[^\s<>"«».,;:!?)\]]`,
    String.raw`[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+`,
    String.raw`\\[\\*_:'"]`,
    String.raw`(?<!\S)[:;=]-?[()[\]DPpOo|\\/](?![\p{L}\p{N}])`,
  ].join('|'),
  'gu',
);

/** First private-use code point used as a stand-in. */
const BASE = 0xe000;
const LAST = 0xf8ff;

export interface MaskedText {
  text: string;
  restore: (masked: string) => string;
}

/**
 * `text` with each protected span replaced by a stand-in character, and how to put them back;
 * undefined when the text already holds private-use characters (icon fonts) or too many spans.
 */
export function maskProtectedSpans(text: string): MaskedText | undefined {
  if (/[\uE000-\uF8FF]/.test(text)) return undefined;
  const spans: string[] = [];
  let overflow = false;
  const masked = text.replace(PROTECTED, (span) => {
    if (BASE + spans.length > LAST) {
      overflow = true;
      return span;
    }
    spans.push(span);
    return String.fromCharCode(BASE + spans.length - 1);
  });
  if (overflow) return undefined;
  return {
    text: masked,
    restore: (result) => result.replace(/[\uE000-\uF8FF]/g, (c) => spans[c.charCodeAt(0) - BASE] ?? c),
  };
}

