import type { Token } from 'markdown-it';

export interface MarkdownProblem {
  /** A warning unless said (see layout-rulebook.ts). */
  severity?: 'error' | 'warning';
  code: string;
  message: string;
  /** 1-based line of the Markdown file. */
  line: number;
}

/** A cursor over markdown-it's token stream, as the block readers walk it. */
export interface Cursor {
  tokens: Token[];
  at: number;
  report: (problem: MarkdownProblem) => void;
}

/** The 1-based source line of a block token (markdown-it's `map` is 0-based); 0 when unknown. */
export const lineOf = (token: Token | undefined): number => (token?.map ? token.map[0] + 1 : 0);
