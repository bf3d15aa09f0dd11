import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/layout/rulebook/parse-markdown.js';
import { parseRichText } from '../../../src/shared/rich-text.js';
import { game, rulebook, textOf } from './helpers.js';

const NB = '\u00A0';
/** The game's narrow no-break space: U+202F, or U+00A0 where its fonts lack U+202F (the fixture's do). */
const NN = game('fr').typeset('a !').slice(1, 2);

/** The spans of the first paragraph of Markdown, typeset by the game of `lang`. */
function rulebookSpans(markdown: string, lang: string) {
  const g = game(lang);
  const [block] = parseMarkdown(markdown, { typesetParts: g.typesetParts, report: () => {} });
  if (block?.kind !== 'paragraph') throw new Error(`not a paragraph: ${JSON.stringify(block)}`);
  return block.text.spans;
}

describe('rulebook typography: the one of card text', () => {
  it('knows which narrow space the game uses', () => {
    expect([NN === NB, NN === '\u202F']).toContain(true);
  });

  it('sets a fr-CA rulebook by the Canadian rules: no space before ? and !, a full no-break space inside « »', () => {
    const markdown = 'Quoi ? Non ! Note: oui, « Bien » dit-il.\n';
    const caText = textOf(rulebook({ lang: 'fr-CA', game: game('fr-CA'), markdown }).pages[1]!);
    expect(caText).toContain(`Quoi ? Non ! Note${NB}: oui, «${NB}Bien${NB}» dit-il.`);
    const frText = textOf(rulebook({ lang: 'fr', game: game('fr'), markdown }).pages[1]!);
    expect(frText).toContain(`Quoi${NN}? Non${NN}! Note${NB}: oui, «${NN}Bien${NN}» dit-il.`);
  });

  it('gives card text and rulebook text the same spans for the same string', () => {
    const cases: [string, string][] = [
      ['fr', `**Attention** : l'arme "maudite" coûte 3 :coin: ! *Vraiment* ? « Oui » ;`],
      ['fr', '**Attention :** perdez *une* pièce !'],
      ['fr-CA', `**Attention** : l'arme "maudite" ! *Vraiment* ? « Oui »`],
      ['en', `**Don't** say "yes": it's *'final'* :skull:`],
    ];
    for (const [lang, text] of cases) {
      const card = parseRichText(game(lang).typeset(text));
      expect(rulebookSpans(text, lang), `${lang}: ${text}`).toEqual(card);
    }
    // The French rules did run, across the seams between runs.
    expect(rulebookSpans('**Attention** : perdez *une* pièce !', 'fr')).toEqual([
      { kind: 'text', text: 'Attention', bold: true, italic: false },
      { kind: 'text', text: `${NB}: perdez `, bold: false, italic: false },
      { kind: 'text', text: 'une', bold: false, italic: true },
      { kind: 'text', text: ` pièce${NN}!`, bold: false, italic: false },
    ]);
  });
});
