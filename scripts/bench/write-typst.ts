// The benchmark card in Typst 0.10: cards.typ (one page per card, for PNG export) and
// sheets.typ (9-up A4 sheets, duplex backs, crop marks). Typst 0.10 has no image opacity, so
// the art band is covered by the background at 60 % opacity: the same pixels as the art at 40 %.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CARD, cardWords, type CardAssets } from './same-card.js';
import { A4, cropMarks, PER_SHEET, slotTrim } from './sheet-grid.js';

const { art, title, number, rules, bleedMm } = CARD;
const hex = (color: string) => `rgb("${color}")`;
const at = (b: { xMm: number; yMm: number }) => `dx: ${b.xMm + bleedMm}mm, dy: ${b.yMm + bleedMm}mm`;
const cover = Math.round((1 - art.opacity) * 255);

const PREAMBLE = `#set text(font: "${CARD.font}", fill: ${hex(CARD.ink)}, hyphenate: false)
#let face(title, num, before, bold, between, after) = block(width: ${CARD.widthMm + 2 * bleedMm}mm, height: ${CARD.heightMm + 2 * bleedMm}mm, fill: ${hex(CARD.background)}, inset: 0pt, clip: true, {
  place(top + left, ${at(art)}, image("art.jpg", width: ${art.widthMm}mm, height: ${art.heightMm}mm, fit: "cover"))
  place(top + left, ${at(art)}, rect(width: ${art.widthMm}mm, height: ${art.heightMm}mm, stroke: none, fill: rgb(244, 236, 216, ${cover})))
  place(top + left, ${at(title)}, box(width: ${title.widthMm}mm, height: ${title.heightMm}mm, text(size: ${title.size}pt, weight: "bold", title)))
  place(top + left, ${at(number)}, box(width: ${number.widthMm}mm, height: ${number.heightMm}mm, align(center, text(size: ${number.size}pt, num))))
  place(top + left, ${at(rules)}, box(width: ${rules.widthMm}mm, height: ${rules.heightMm}mm, align(center + horizon, text(size: ${rules.size}pt)[#before#strong(bold)#between#box(baseline: 15%, image("skull.svg", height: 1em))#after])))
})
#let back() = block(width: ${CARD.widthMm + 2 * bleedMm}mm, height: ${CARD.heightMm + 2 * bleedMm}mm, fill: ${hex(CARD.backColor)}, inset: 0pt, {
  place(top + left, dx: 0mm, dy: ${30 + bleedMm}mm, box(width: ${CARD.widthMm + 2 * bleedMm}mm, height: 20mm, align(center + horizon, image("skull-white.svg", height: 40pt))))
})
`;

function faceCall(i: number): string {
  const w = cardWords(i);
  const q = (t: string) => JSON.stringify(t);
  return `face(${q(w.title)}, ${q(w.number)}, ${q(w.before)}, ${q(w.bold)}, ${q(w.between)}, ${q(w.after)})`;
}

/** Writes cards.typ and sheets.typ (with the art, icons and fonts beside them) into `<dir>/typst`. */
export function writeTypst(dir: string, n: number, assets: CardAssets): { dir: string; cards: string; sheets: string } {
  const out = path.join(dir, 'typst');
  mkdirSync(out, { recursive: true });
  copyFileSync(assets.art, path.join(out, 'art.jpg'));
  copyFileSync(assets.icon, path.join(out, 'skull.svg'));
  writeFileSync(path.join(out, 'skull-white.svg'), `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512"><path fill="#ffffff" d="${assets.iconPath}"/></svg>\n`);

  const pages = Array.from({ length: n }, (_, i) => `#${faceCall(i)}`).join('\n#pagebreak()\n');
  const cards = path.join(out, 'cards.typ');
  writeFileSync(cards, `#set page(width: ${CARD.widthMm + 2 * bleedMm}mm, height: ${CARD.heightMm + 2 * bleedMm}mm, margin: 0pt)\n${PREAMBLE}${pages}\n`);

  const marks = cropMarks()
    .map((m) => `  place(top + left, line(start: (${m.x1}mm, ${m.y1}mm), end: (${m.x2}mm, ${m.y2}mm), stroke: 0.25pt + black))`)
    .join('\n');
  const sheet = (first: number, back: boolean) => {
    const slots = Array.from({ length: Math.min(PER_SHEET, n - first) }, (_, s) => {
      const trim = slotTrim(s, back);
      const content = back ? 'back()' : faceCall(first + s);
      return `  place(top + left, dx: ${trim.xMm}mm, dy: ${trim.yMm}mm, block(width: ${CARD.widthMm}mm, height: ${CARD.heightMm}mm, clip: true, place(top + left, dx: -${bleedMm}mm, dy: -${bleedMm}mm, ${content})))`;
    });
    return `#{\n${slots.join('\n')}\n${marks}\n}`;
  };
  const sheets: string[] = [];
  for (let first = 0; first < n; first += PER_SHEET) sheets.push(sheet(first, false), sheet(first, true));
  const sheetsFile = path.join(out, 'sheets.typ');
  writeFileSync(sheetsFile, `#set page(width: ${A4.widthMm}mm, height: ${A4.heightMm}mm, margin: 0pt)\n${PREAMBLE}${sheets.join('\n#pagebreak()\n')}\n`);
  return { dir: out, cards, sheets: sheetsFile };
}
