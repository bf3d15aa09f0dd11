// The benchmark card as HTML for Chromium: cards.html (the cards one after the other, each
// screenshot to a PNG) and sheets.html (9-up A4 pages, duplex backs, crop marks, printed to PDF).
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CARD, cardWords, type CardAssets } from './same-card.js';
import { A4, cropMarks, PER_SHEET, slotTrim } from './sheet-grid.js';

const { art, title, number, rules, bleedMm } = CARD;
const W = CARD.widthMm + 2 * bleedMm;
const H = CARD.heightMm + 2 * bleedMm;
const box = (b: { xMm: number; yMm: number; widthMm: number; heightMm: number }) =>
  `left:${b.xMm + bleedMm}mm;top:${b.yMm + bleedMm}mm;width:${b.widthMm}mm;height:${b.heightMm}mm`;
const escape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function style(assets: CardAssets, page: string): string {
  return `<style>
@font-face { font-family: "${CARD.font}"; font-weight: 400; src: url("${path.basename(assets.regular)}"); }
@font-face { font-family: "${CARD.font}"; font-weight: 700; src: url("${path.basename(assets.bold)}"); }
${page}
html, body { margin: 0; padding: 0; }
body { font-family: "${CARD.font}"; color: ${CARD.ink}; }
.card { position: relative; width: ${W}mm; height: ${H}mm; overflow: hidden; background: ${CARD.background}; }
.card > * { position: absolute; margin: 0; }
.art { ${box(art)}; object-fit: cover; opacity: ${art.opacity}; }
.title { ${box(title)}; font-size: ${title.size}pt; font-weight: 700; }
.number { ${box(number)}; font-size: ${number.size}pt; text-align: center; }
.rules { ${box(rules)}; font-size: ${rules.size}pt; display: flex; align-items: center; justify-content: center; text-align: center; }
.rules svg { height: 1em; width: 1em; vertical-align: -0.15em; }
.back { position: relative; width: ${W}mm; height: ${H}mm; background: ${CARD.backColor}; }
.back svg { position: absolute; left: ${W / 2}mm; top: ${30 + bleedMm + 10}mm; width: 40pt; height: 40pt; transform: translate(-50%, -50%); }
.sheet { position: relative; width: ${A4.widthMm}mm; height: ${A4.heightMm}mm; overflow: hidden; break-after: page; }
.slot { position: absolute; width: ${CARD.widthMm}mm; height: ${CARD.heightMm}mm; overflow: hidden; }
.slot > * { position: absolute; left: -${bleedMm}mm; top: -${bleedMm}mm; }
.mark { position: absolute; background: black; }
</style>`;
}

function face(i: number, icon: string): string {
  const w = cardWords(i);
  return `<div class="card"><img class="art" src="art.jpg"><p class="title">${escape(w.title)}</p><p class="number">${w.number}</p><p class="rules"><span>${escape(w.before)}<b>${w.bold}</b>${escape(w.between)}${icon}${escape(w.after)}</span></p></div>`;
}

/** Writes cards.html and sheets.html (with the art and fonts beside them) into `<dir>/html`. */
export function writeHtml(dir: string, n: number, assets: CardAssets): { dir: string; cards: string; sheets: string } {
  const out = path.join(dir, 'html');
  mkdirSync(out, { recursive: true });
  copyFileSync(assets.art, path.join(out, 'art.jpg'));
  copyFileSync(assets.regular, path.join(out, path.basename(assets.regular)));
  copyFileSync(assets.bold, path.join(out, path.basename(assets.bold)));
  const icon = (fill: string) => `<svg viewBox="0 0 512 512"><path fill="${fill}" d="${assets.iconPath}"/></svg>`;

  const cards = path.join(out, 'cards.html');
  const faces = Array.from({ length: n }, (_, i) => face(i, icon(CARD.ink))).join('\n');
  writeFileSync(cards, `<!doctype html><html><head><meta charset="utf-8">${style(assets, '')}</head><body>\n${faces}\n</body></html>\n`);

  const marks = cropMarks()
    .map((m) => `<div class="mark" style="left:${Math.min(m.x1, m.x2)}mm;top:${Math.min(m.y1, m.y2)}mm;width:${Math.max(m.x2 - m.x1, 0.09)}mm;height:${Math.max(m.y2 - m.y1, 0.09)}mm"></div>`)
    .join('');
  const sheet = (first: number, back: boolean) => {
    const slots = Array.from({ length: Math.min(PER_SHEET, n - first) }, (_, s) => {
      const trim = slotTrim(s, back);
      const content = back ? `<div class="back">${icon('#ffffff')}</div>` : face(first + s, icon(CARD.ink));
      return `<div class="slot" style="left:${trim.xMm}mm;top:${trim.yMm}mm">${content}</div>`;
    });
    return `<div class="sheet">${slots.join('')}${marks}</div>`;
  };
  const pages: string[] = [];
  for (let first = 0; first < n; first += PER_SHEET) pages.push(sheet(first, false), sheet(first, true));
  const sheets = path.join(out, 'sheets.html');
  writeFileSync(sheets, `<!doctype html><html><head><meta charset="utf-8">${style(assets, `@page { size: ${A4.widthMm}mm ${A4.heightMm}mm; margin: 0; }`)}</head><body>\n${pages.join('\n')}\n</body></html>\n`);
  return { dir: out, cards, sheets };
}
