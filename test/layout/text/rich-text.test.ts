import { describe, expect, it } from 'vitest';
import type { RichSpan } from '../../../src/shared/rich-text.js';
import { parseRichText } from '../../../src/shared/rich-text.js';

const t = (text: string, bold = false, italic = false): RichSpan => ({ kind: 'text', text, bold, italic });
const icon = (name: string, bold = false, italic = false): RichSpan => ({ kind: 'icon', name, bold, italic });
const br: RichSpan = { kind: 'break' };

describe('parseRichText', () => {
  const cases: [string, RichSpan[]][] = [
    ['plain text', [t('plain text')]],
    ['a **bold** word', [t('a '), t('bold', true), t(' word')]],
    ['an *italic* and _italic_ word', [t('an '), t('italic', false, true), t(' and '), t('italic', false, true), t(' word')]],
    ['**bold *both* bold**', [t('bold ', true), t('both', true, true), t(' bold', true)]],
    ['*it **both** it*', [t('it ', false, true), t('both', true, true), t(' it', false, true)]],
    ['***both***', [t('both', true, true)]],
    ['_**both**_', [t('both', true, true)]],
    ['one\ntwo', [t('one'), br, t('two')]],
    ['one\\ntwo', [t('one'), br, t('two')]],
    ['one\r\ntwo', [t('one'), br, t('two')]],
    ['lose :skull: now', [t('lose '), icon('skull'), t(' now')]],
    ['**:skull: 3**', [icon('skull', true), t(' 3', true)]],
    ['+2:gold-coin:', [t('+2'), icon('gold-coin')]],
    ['at 21:00 sharp', [t('at 21:00 sharp')]],
    ['10 : 3', [t('10 : 3')]],
    ['12:30:45', [t('12:30:45')]],
    [':not an icon:', [t(':not an icon:')]],
    [':Skull:', [t(':Skull:')]],
    ['\\*not italic\\*', [t('*not italic*')]],
    ['\\:skull:', [t(':skull:')]],
    ['a \\\\ b', [t('a \\ b')]],
    ['**unclosed bold', [t('**unclosed bold')]],
    ['*unclosed italic', [t('*unclosed italic')]],
    ['2 * 3 * 4', [t('2 * 3 * 4')]],
    ['snake_case_name', [t('snake_case_name')]],
    ['**bold** and **', [t('bold', true), t(' and **')]],
    ['**Bonus :** +1 :coin:', [t('Bonus :', true), t(' +1 '), icon('coin')]],
    ['***bold** italic*', [t('bold', true, true), t(' italic', false, true)]],
  ];
  it.each(cases)('%j', (input, expected) => {
    expect(parseRichText(input)).toEqual(expected);
  });

  it('keeps styles across a hard break', () => {
    expect(parseRichText('**one\ntwo**')).toEqual([t('one', true), br, t('two', true)]);
  });
});
