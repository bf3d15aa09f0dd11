// The benchmark card as a pocketpress game: one set of `n` poker cards on a template that draws
// exactly what the other tools draw (see same-card.ts).
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUDGETS } from '../../src/shared/budgets.js';
import { CARD, cardWords, type CardAssets } from './same-card.js';

/** The copies a set may hold. */
const SET_COPIES = BUDGETS.copiesPerSet;

const box = (b: { xMm: number; yMm: number; widthMm: number; heightMm: number }) => `x: ${b.xMm}mm, y: ${b.yMm}mm, width: ${b.widthMm}mm, height: ${b.heightMm}mm`;

/** Writes the game into `<dir>/bench` and returns that folder. */
export function writeGame(dir: string, n: number, assets: CardAssets): string {
  const game = path.join(dir, 'bench');
  for (const sub of ['sets', 'templates', 'art']) mkdirSync(path.join(game, sub), { recursive: true });
  copyFileSync(assets.art, path.join(game, 'art', 'band.jpg'));
  // A set holds at most SET_COPIES copies (the budget a designer meets too): more cards make more sets.
  const sets = Array.from({ length: Math.ceil(n / SET_COPIES) }, (_, s) => (s === 0 ? 'cards' : `cards-${s + 1}`));
  writeFileSync(
    path.join(game, 'game.yaml'),
    `id: bench\ntitle: Bench\nlanguages: [en]\nplayers: {min: 1, max: 4}\nplayTime: {min: 10, max: 20}\nsets: [${sets.map((id) => `sets/${id}.yaml`).join(', ')}]\nicons: {skull: "game-icons:skull-crossed-bones"}\n`,
  );
  sets.forEach((id, s) => {
    const items = Array.from({ length: Math.min(SET_COPIES, n - s * SET_COPIES) }, (_, k) => {
      const i = s * SET_COPIES + k;
      const w = cardWords(i);
      return `  - id: card-${i}\n    name: ${w.title}\n    power: ${w.number}\n    text: "${w.before}**${w.bold}**${w.between}:skull:${w.after}"\n`;
    }).join('');
    writeFileSync(
      path.join(game, 'sets', `${id}.yaml`),
      `id: ${id}\nkind: cards\nname: Cards\nsize: poker\nfront: face\nback: back\nfields:\n  type: object\n  properties:\n    name: {type: string}\n    power: {type: integer}\n    text: {type: string}\nitems:\n${items}`,
    );
  });
  const { art, title, number, rules } = CARD;
  writeFileSync(
    path.join(game, 'templates', 'face.yaml'),
    `background: "${CARD.background}"\nelements:\n` +
      `  - {type: image, src: art/band.jpg, ${box(art)}, fit: cover, opacity: ${art.opacity}}\n` +
      `  - {type: text, text: "{{item.name}}", ${box(title)}, size: ${title.size}, weight: bold, color: "${CARD.ink}"}\n` +
      `  - {type: text, text: "{{item.power}}", ${box(number)}, size: ${number.size}, align: center, color: "${CARD.ink}"}\n` +
      `  - {type: text, text: "{{item.text}}", ${box(rules)}, size: ${rules.size}, align: center, valign: middle, color: "${CARD.ink}"}\n`,
  );
  writeFileSync(
    path.join(game, 'templates', 'back.yaml'),
    `background: "${CARD.backColor}"\nelements:\n  - {type: text, text: ":skull:", x: 5mm, y: 30mm, width: 53mm, height: 20mm, size: 40, align: center, color: white}\n`,
  );
  return game;
}
