import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildRulebook } from '../../src/build/build-rulebook.js';
import { layoutSet } from '../../src/build/build-game.js';
import { facePictures } from '../../src/build/renderers.js';
import type { OutputFile } from '../../src/shared/output-file.js';
import { checkContent } from '../../src/content/check-content.js';
import type { LoadedGame } from '../../src/content/model.js';
import { componentPngPath } from '../../src/export/face-paths.js';
import type { ExportInput } from '../../src/export/types.js';
import type { LayoutProblem } from '../../src/shared/problem.js';
import { renderPng } from '../../src/render/png/render-png.js';
import { resolveGame } from '../../src/resolve/resolve-game.js';
import { tempDir } from '../helpers.js';

export interface Prepared {
  loaded: LoadedGame;
  input: ExportInput;
  /** The component PNGs as the build writes them (png/<set>/…). */
  componentPngs: OutputFile[];
  problems: LayoutProblem[];
}

/** What the build has at hand for one game and language: resolved game, faces, their PNGs (unless `render` is false), sections. */
export async function prepareExport(gameDir: string, lang: string, { dpi = 72, render = true } = {}): Promise<Prepared> {
  const check = checkContent(gameDir);
  const errors = check.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`fixture does not validate: ${JSON.stringify(errors)}`);
  const loaded = check.games[0]!;
  const game = resolveGame(loaded, lang);
  const problems: LayoutProblem[] = [];
  const report = (p: LayoutProblem) => problems.push(p);
  const componentPngs: OutputFile[] = [];
  const sets = [];
  for (const set of game.sets) {
    const faces = [];
    for (const face of layoutSet(game, set, report)) {
      faces.push(face);
      if (!render) continue;
      const { png } = await renderPng(face.list, { dpi });
      componentPngs.push({ path: componentPngPath(set.id, face), bytes: png, entry: { kind: 'component-png' } });
    }
    sets.push({ set, faces });
  }
  const options = { paper: 'a4' as const, duplex: 'long' as const, backOffset: { x: 0, y: 0 }, sheetPng: false, dpi, creationDate: new Date(0) };
  const { sections } = await buildRulebook(loaded, game, options, report);
  return { loaded, input: { game, sets, sections, picture: facePictures(dpi) }, componentPngs, problems };
}

/** Writes files under `dir` as the build's output writer would. */
export function writeFiles(dir: string, files: readonly OutputFile[]): void {
  for (const file of files) {
    const target = path.join(dir, file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.bytes);
  }
}

/** A colour per index, far from its neighbours (golden-angle hues, alternating lightness). */
export function distinctColour(i: number): string {
  const hue = (i * 137.508) % 360;
  const light = i % 2 === 0 ? 0.45 : 0.7;
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    const c = light - 0.5 * Math.min(light, 1 - light) * 2 * Math.max(-1, Math.min(k - 3, 9 - k, 1)) * 0.9;
    return Math.round(c * 255).toString(16).padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

export const FACE = `background: "#ffffff"
elements:
  - {type: rect, x: 0, y: 0, width: 100%, height: 100%, fill: "{{item.colour}}"}
  - {type: rect, x: 10%, y: 60%, width: 80%, height: 25%, fill: "#ffffff"}
  - {type: text, text: "{{item.name}}", x: 12%, y: 62%, width: 76%, height: 20%, size: 14, minSize: 4, weight: bold, color: black, align: center}
`;

export const BACK = `background: "#202020"
elements:
  - {type: ellipse, x: 20%, y: 40%, width: 60%, height: 40%, fill: "{{item.colour}}"}
  - {type: text, text: "{{item.name}}", x: 5mm, y: 5mm, width: 100% - 10mm, height: 12mm, size: 16, color: white, align: center}
`;

export function setYaml(id: string, kind: string, extra: string, items: string[]): string {
  return `id: ${id}
kind: ${kind}
name: {en: ${id}}
${extra}
fields:
  type: object
  properties:
    name: {$ref: "#/$defs/text"}
    colour: {type: string}
  required: [name, colour]
items:
${items.join('\n')}
`;
}

export const item = (id: string, name: string, colour: string, count = 1) => `  - {id: ${id}, count: ${count}, name: "${name}", colour: "${colour}"}`;

/**
 * A game made for the TTS tests: 75 distinct cards with their own backs (two sheets), a set of
 * one card, round tokens, and a double-sided hex token.
 */
export function writeManyCardsGame(): string {
  const dir = tempDir('pocketpress-export-');
  const files: Record<string, string> = {
    'game.yaml': `id: many\ntitle: {en: Many Cards}\nlanguages: [en]\nplayers: {min: 1, max: 2}\nplayTime: {min: 5, max: 10}\nsets: [sets/deck.yaml, sets/solo.yaml, sets/coins.yaml, sets/chips.yaml]\n`,
    'templates/face.yaml': FACE,
    'templates/back.yaml': BACK,
    'sets/deck.yaml': setYaml('deck', 'cards', 'size: poker\nbleed: 3mm\nfront: face\nback: back', Array.from({ length: 75 }, (_, i) => item(`c${i + 1}`, `Card ${i + 1}`, distinctColour(i), i < 3 ? 2 : 1))),
    'sets/solo.yaml': setYaml('solo', 'cards', 'size: mini-euro\nfront: face', [item('alone', 'Alone', '#3366cc')]),
    'sets/chips.yaml': setYaml('chips', 'tokens', 'size: {width: 20mm, height: 20mm}\nshape: hex\nbleed: 0\nfront: face\nback: back', [item('hidden', 'Hidden', '#884422')]),
    'sets/coins.yaml': setYaml('coins', 'tokens', 'size: {width: 20mm, height: 20mm}\nshape: circle\nbleed: 1mm\nfront: face', [item('gold', 'Gold', '#e0a526', 3), item('silver', 'Silver', '#aaaaaa', 2)]),
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
