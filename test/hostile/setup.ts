import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { PNG_SIGNATURE, pngChunk as chunk } from '../../src/shared/png-chunks.js';

/**
 * Generated inputs of the hostile corpus: what is too big to keep in git (or cannot be kept in
 * git at all) is written into the temporary copy of a case before it runs. Each function gets
 * the copy's root (the folder holding content/ and case.json).
 */

function write(caseDir: string, relative: string, data: string | Uint8Array): void {
  const file = path.join(caseDir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, data);
}

/** A valid one-bit grey PNG of any size: small on disk, gigabytes once decoded. */
export function blankPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = 1 + Math.ceil(width / 8);
  const pixels = deflateSync(Buffer.alloc(row * height), { level: 9 });
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** A set of `items` items whose YAML text is `itemYaml(i)` for each, after a fixed head. */
function setFile(head: string, items: number, itemYaml: (i: number) => string): string {
  const lines = [head.trimEnd(), 'items:'];
  for (let i = 0; i < items; i++) lines.push(itemYaml(i));
  return `${lines.join('\n')}\n`;
}

const CARD_SET_HEAD = `id: cards
kind: cards
name: Cards
size: poker
front: card
fields:
  type: object
  properties:
    name: {$ref: "#/$defs/text"}`;


/** The marker files sit next to the copy of a case (see placeSecrets): from the game folder, three folders up. */
function secretOf(caseDir: string, name: string): string {
  return path.join(path.dirname(caseDir), name);
}

const SVG_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 20 20">';

/** A symbolic link at `relative` inside the copy, pointing at `target`. */
function link(caseDir: string, relative: string, target: string): void {
  const file = path.join(caseDir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  rmSync(file, { recursive: true, force: true });
  symlinkSync(target, file);
}

export const SETUPS: Record<string, (caseDir: string) => void> = {
  'template-link-outside': (caseDir) => link(caseDir, 'content/g/templates/card.yaml', secretOf(caseDir, 'secret.txt')),
  'game-yaml-link-outside': (caseDir) => link(caseDir, 'content/g/game.yaml', secretOf(caseDir, 'secret.txt')),
  'fifo-set': (caseDir) => {
    const file = path.join(caseDir, 'content/g/sets/cards.yaml');
    rmSync(file);
    execFileSync('mkfifo', [file]);
  },
  'unread-fifo-zero': (caseDir) => {
    mkdirSync(path.join(caseDir, 'content/g/art'), { recursive: true });
    execFileSync('mkfifo', [path.join(caseDir, 'content/g/art/pipe.png')]);
    link(caseDir, 'content/g/art/zero.png', '/dev/zero');
  },
  'font-dev-zero': (caseDir) => link(caseDir, 'content/g/fonts/body.woff', '/dev/zero'),
  'art-folder-link-outside': (caseDir) => {
    const outside = path.join(path.dirname(caseDir), 'art-outside');
    mkdirSync(outside, { recursive: true });
    copyFileSync(secretOf(caseDir, 'secret.png'), path.join(outside, 'evil.svg.png'));
    writeFileSync(path.join(outside, 'evil.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#ff0000"/></svg>');
    link(caseDir, 'content/g/art', outside);
  },
  'svg-pointing-outside': (caseDir) => {
    const png = secretOf(caseDir, 'secret.png');
    write(
      caseDir,
      'content/g/art/evil.svg',
      `${SVG_HEAD}<image href="${png}" width="10" height="10"/><image xlink:href="file://${secretOf(caseDir, 'secret.jpg')}" x="10" width="10" height="10"/><image href="../../../../secret.png" y="10" width="10" height="10"/><rect x="10" y="10" width="10" height="10" fill="#336699"/></svg>`,
    );
  },
  'svg-entity': (caseDir) => {
    write(caseDir, 'content/g/art/evil.svg', `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY secret SYSTEM "file://${secretOf(caseDir, 'secret.txt')}">]>${SVG_HEAD}<text y="10">&secret;</text></svg>`);
  },
  'svg-script': (caseDir) => {
    write(
      caseDir,
      'content/g/art/evil.svg',
      `${SVG_HEAD.replace('<svg ', '<svg onload="alert(1)" ')}<script>alert(1)</script><style>@import url("file://${secretOf(caseDir, 'secret.txt')}");</style><foreignObject width="20" height="20"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject><rect width="20" height="20" fill="url(file://${secretOf(caseDir, 'secret.png')})" stroke="#000"/></svg>`,
    );
  },
  /** A million copies: 1 000 items of count 1 000. */
  'thousand-items-thousand-copies': (caseDir) => {
    write(caseDir, 'content/g/sets/cards.yaml', setFile(CARD_SET_HEAD, 1000, (i) => `  - id: card-${i}\n    count: 1000\n    name: Card ${i}`));
  },
  /** One card whose text is a megabyte long (line 12 of the set). */
  'megabyte-text': (caseDir) => {
    write(caseDir, 'content/g/sets/cards.yaml', `${CARD_SET_HEAD}\nitems:\n  - id: one\n    name: "${'lorem ipsum '.repeat(90_000)}"\n`);
  },
  /** A pasted URL of 20 000 characters in a card text (line 12 of the set). */
  'long-word': (caseDir) => {
    write(caseDir, 'content/g/sets/cards.yaml', `${CARD_SET_HEAD}\nitems:\n  - id: one\n    name: "https://example.org/${'a'.repeat(19_981)}"\n`);
  },
  /** A 30 000 × 30 000 PNG used as card art. */
  'huge-png': (caseDir) => {
    write(caseDir, 'content/g/art/huge.png', blankPng(30_000, 30_000));
  },
  /** A 30 000 × 30 000 PNG in a rulebook. */
  'huge-png-rulebook': (caseDir) => {
    write(caseDir, 'content/g/rules/huge.png', blankPng(30_000, 30_000));
  },
  /** A PNG whose header says 400 × 400 px, followed by 120 MiB (a sparse file): a small header is no bound on the bytes. */
  'fat-png-rulebook': (caseDir) => {
    const file = path.join(caseDir, 'content/g/rules/huge.png');
    write(caseDir, 'content/g/rules/huge.png', blankPng(400, 400));
    truncateSync(file, 120 * 1024 * 1024);
  },
  /** A polygon of 200 000 points in a template (its `points:` key on line 3). */
  'huge-polygon': (caseDir) => {
    const points = Array.from({ length: 200_000 }, (_, i) => `[${(i % 60) + 1}, ${(i % 80) + 1}]`).join(', ');
    write(caseDir, 'content/g/templates/card.yaml', `unit: mm\nelements:\n  - type: polygon\n    points: [${points}]\n    fill: "#000000"\n`);
  },
  /** A path of 200 000 segments in a template (its `d:` on line 4). */
  'huge-path': (caseDir) => {
    const d = `M 0 0 ${Array.from({ length: 200_000 }, (_, i) => `L ${i % 60} ${i % 80}`).join(' ')} Z`;
    write(caseDir, 'content/g/templates/card.yaml', `unit: mm\nelements:\n  - type: path\n    d: "${d}"\n    viewBox: [0, 0, 60, 80]\n    x: 0\n    y: 0\n    width: 60\n    height: 80\n`);
  },
  /** An 11 MB English rulebook. */
  'huge-rulebook': (caseDir) => {
    const paragraph = `${'Each player draws a card and plays it at once. '.repeat(20)}\n\n`;
    write(caseDir, 'content/g/rules/en.md', `# Rules\n\n${paragraph.repeat(Math.ceil(11_000_000 / paragraph.length))}`);
  },
  /** A rulebook of 4 000 short sections, each on its own page. */
  'many-pages': (caseDir) => {
    const sections = Array.from({ length: 4000 }, (_, i) => `## Part ${i + 1}\n\nA short part.\n\n<!-- pagebreak -->\n`).join('\n');
    write(caseDir, 'content/g/rules/en.md', `# Rules\n\n${sections}`);
  },
  /** A 5 MB Markdown file: over the size a rulebook file may have. */
  'large-markdown': (caseDir) => {
    const line = 'A line of rules that goes on and on for a while, as rules do.\n';
    write(caseDir, 'content/g/rules/en.md', `# Rules\n\n${line.repeat(Math.ceil(5_000_000 / line.length))}`);
  },
  /** An item with a list of 20 000 entries (line 13), which a template repeats a group over. */
  'long-list': (caseDir) => {
    const marks = Array.from({ length: 20_000 }, () => '0').join(', ');
    write(caseDir, 'content/g/sets/cards.yaml', `${CARD_SET_HEAD}\n    marks: {type: array, items: {type: integer}}\nitems:\n  - id: one\n    marks: [${marks}]\n`);
  },
  /** A font file cut off after 2 000 bytes, as a broken download leaves it. */
  'truncated-font': (caseDir) => {
    const source = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource/alegreya/package.json')), 'files', 'alegreya-latin-400-normal.woff');
    write(caseDir, 'content/g/fonts/broken.woff', readFileSync(source).subarray(0, 2000));
  },
};

