import type { Element } from '../content/schema/template.js';
import { normalizeHex } from '../shared/colors.js';
import type { InkSaverColors } from '../shared/ink-saver.js';
import type { ResolvedGame, ResolvedTemplate, UnitElement } from './model.js';

function withoutDecorative(elements: readonly Element[]): Element[] {
  return elements.filter((e) => e.ink !== 'decorative').map((e) => (e.type === 'group' ? { ...e, elements: withoutDecorative(e.elements) } : e));
}

function saverTemplate(template: ResolvedTemplate): ResolvedTemplate {
  const elements: UnitElement[] = template.elements
    .filter((u) => u.element.ink !== 'decorative')
    .map((u) => (u.element.type === 'group' ? { ...u, element: { ...u.element, elements: withoutDecorative(u.element.elements) } } : u));
  return { ...template, elements };
}

/**
 * The game as its low-ink variant is laid out: elements marked `ink: decorative` left out, and
 * the palette names the game gave an `inkSaver:` colour take that colour. Whatever else it draws
 * is lightened after layout (inkSaverList), keeping the colours returned here.
 */
export function inkSaverGame(game: ResolvedGame): { game: ResolvedGame; colors: InkSaverColors } {
  const palette = { ...game.palette, ...game.inkSaver };
  const kept = new Set(Object.values(game.inkSaver).map((h) => normalizeHex(h).slice(0, 7)));
  const sets = game.sets.map((s) => ({ ...s, front: saverTemplate(s.front), back: s.back && saverTemplate(s.back) }));
  return { game: { ...game, palette, sets, ink: 'saver' }, colors: { kept } };
}
