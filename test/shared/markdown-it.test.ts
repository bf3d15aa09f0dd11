import { describe, expect, it } from 'vitest';
import EsModuleMarkdownIt from 'markdown-it';
import { MarkdownIt } from '../../src/shared/markdown-it.js';

const RULES = `# Setup

Shuffle the **dev cards**; deal *three* to each player.\\
Then [read on](#play).

| Phase | What happens |
|:------|-------------:|
| Day   | Draw 1 card  |

- one
  1. two
> a <span>quote</span> -- "quoted"

\`\`\`
code
\`\`\`
`;

describe('markdown-it as loaded', () => {
  it('is the single-file build of the same version, parsing and rendering as its ES modules do', () => {
    for (const options of [{ html: true, typographer: false, linkify: false }, { html: false, typographer: false, linkify: false }, { html: true }]) {
      const ours = new MarkdownIt(options);
      const theirs = new EsModuleMarkdownIt(options);
      expect(JSON.stringify(ours.parse(RULES, {}))).toBe(JSON.stringify(theirs.parse(RULES, {})));
      expect(ours.render(RULES)).toBe(theirs.render(RULES));
    }
    const tokens = new MarkdownIt({ html: true }).parse(RULES, {});
    expect(tokens.filter((t) => t.type === 'table_open')).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ type: 'heading_open', tag: 'h1', map: [0, 1] });
  });
});
