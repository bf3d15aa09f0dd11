// The floor: the benchmark card drawn straight onto a Skia surface (@napi-rs/canvas) and its
// pixels encoded by sharp, with nothing in between: no template, no display list, no SVG.
import { createCanvas, GlobalFonts, loadImage, Path2D, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import { CARD, cardPixels, cardWords, MM, type CardAssets } from './same-card.js';

export const FLOOR_PNG = { compressionLevel: 6, adaptiveFiltering: false } as const;

export interface SkiaCard {
  art: Image;
  icon: Path2D;
}

export async function prepareSkia(assets: CardAssets): Promise<SkiaCard> {
  GlobalFonts.registerFromPath(assets.regular, CARD.font);
  GlobalFonts.registerFromPath(assets.bold, CARD.font);
  return { art: await loadImage(assets.art), icon: new Path2D(assets.iconPath) };
}

type Run = { text: string; bold: boolean } | { icon: true };

const fontOf = (size: number, bold: boolean) => `${bold ? 'bold ' : ''}${size}px "${CARD.font}"`;

/** Lines of runs no wider than `width` (points), broken at spaces. */
function wrap(ctx: SKRSContext2D, runs: Run[], size: number, width: number): { runs: Run[]; width: number }[] {
  const pieces = runs.flatMap((run): Run[] => ('icon' in run ? [run] : run.text.split(/(?<= )/).map((text) => ({ text, bold: run.bold }))));
  const measure = (run: Run) => {
    if ('icon' in run) return size;
    ctx.font = fontOf(size, run.bold);
    return ctx.measureText(run.text).width;
  };
  const lines: { runs: Run[]; width: number }[] = [{ runs: [], width: 0 }];
  for (const piece of pieces) {
    const w = measure(piece);
    const line = lines[lines.length - 1]!;
    if (line.width + w > width && line.runs.length > 0) lines.push({ runs: [piece], width: w });
    else {
      line.runs.push(piece);
      line.width += w;
    }
  }
  return lines;
}

/** Draws card `i` at `dpi` and returns its PNG. */
export async function drawSkiaCard(card: SkiaCard, i: number, dpi: number): Promise<Buffer> {
  const { width, height } = cardPixels(dpi);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.scale(dpi / 72, dpi / 72);
  ctx.translate(CARD.bleedMm * MM, CARD.bleedMm * MM);
  ctx.fillStyle = CARD.background;
  ctx.fillRect(-CARD.bleedMm * MM, -CARD.bleedMm * MM, (CARD.widthMm + 2 * CARD.bleedMm) * MM, (CARD.heightMm + 2 * CARD.bleedMm) * MM);

  const { art, title, number, rules } = CARD;
  ctx.globalAlpha = art.opacity;
  const scale = Math.max((art.widthMm * MM) / card.art.width, (art.heightMm * MM) / card.art.height);
  const sw = (art.widthMm * MM) / scale;
  const sh = (art.heightMm * MM) / scale;
  ctx.drawImage(card.art, (card.art.width - sw) / 2, (card.art.height - sh) / 2, sw, sh, art.xMm * MM, art.yMm * MM, art.widthMm * MM, art.heightMm * MM);
  ctx.globalAlpha = 1;

  const words = cardWords(i);
  ctx.fillStyle = CARD.ink;
  ctx.textBaseline = 'top';
  ctx.font = fontOf(title.size, true);
  ctx.fillText(words.title, title.xMm * MM, title.yMm * MM);
  ctx.font = fontOf(number.size, false);
  ctx.textAlign = 'center';
  ctx.fillText(words.number, (number.xMm + number.widthMm / 2) * MM, number.yMm * MM);
  ctx.textAlign = 'left';

  const runs: Run[] = [{ text: words.before, bold: false }, { text: words.bold, bold: true }, { text: words.between, bold: false }, { icon: true }, { text: words.after, bold: false }];
  const lines = wrap(ctx, runs, rules.size, rules.widthMm * MM);
  const leading = rules.size * 1.2;
  let y = (rules.yMm + rules.heightMm / 2) * MM - (lines.length * leading) / 2;
  for (const line of lines) {
    let x = (rules.xMm + rules.widthMm / 2) * MM - line.width / 2;
    for (const run of line.runs) {
      if ('icon' in run) {
        ctx.save();
        ctx.translate(x, y + leading * 0.05);
        ctx.scale(rules.size / 512, rules.size / 512);
        ctx.fill(card.icon);
        ctx.restore();
        x += rules.size;
      } else {
        ctx.font = fontOf(rules.size, run.bold);
        ctx.fillText(run.text, x, y);
        x += ctx.measureText(run.text).width;
      }
    }
    y += leading;
  }
  const pixels = canvas.data();
  return sharp(pixels, { raw: { width, height, channels: 4 } }).removeAlpha().png(FLOOR_PNG).toBuffer();
}
