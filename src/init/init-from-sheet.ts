import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { type Grid } from '../content/sheets/read-grid.js';

type Field = { name: string; schema: string; label: string };

const LANGUAGE = /^(.+)\.([a-z]{2,3}(?:-[A-Z]{2})?)$/;

/** The type a column's values all have: integer, number, or text. */
function guessType(values: unknown[]): 'integer' | 'number' | 'string' {
  const present = values.filter((v) => v !== undefined && String(v).trim() !== '');
  const numbers = present.map((v) => (typeof v === 'number' ? v : Number(String(v).trim())));
  if (present.length > 0 && numbers.every((n) => Number.isFinite(n))) {
    // "007" keeps its zeros: a text.
    if (present.some((v) => typeof v === 'string' && /^0\d/.test(v.trim()))) return 'string';
    return numbers.every((n) => Number.isInteger(n)) ? 'integer' : 'number';
  }
  return 'string';
}

/** The fields a sheet's columns make: per-language columns (name.en, name.fr) become one text. */
export function guessFields(grid: Grid): { fields: Field[]; languages: string[] } {
  const header = (grid.rows[0] ?? []).map((c) => String(c?.value ?? '').trim());
  const body = grid.rows.slice(1);
  const fields: Field[] = [];
  const languages = new Set<string>();
  header.forEach((written, index) => {
    if (written === '' || written === 'id' || written === 'count') return;
    const language = LANGUAGE.exec(written);
    if (language) {
      languages.add(language[2]!);
      if (!fields.some((f) => f.name === language[1])) fields.push({ name: language[1]!, schema: '{$ref: "#/$defs/text"}', label: language[1]! });
      return;
    }
    if (written.endsWith('[]')) {
      fields.push({ name: written.slice(0, -2), schema: '{type: array, items: {type: string}}', label: written.slice(0, -2) });
      return;
    }
    const type = guessType(body.map((row) => row[index]?.value));
    fields.push({ name: written, schema: type === 'string' ? '{$ref: "#/$defs/text"}' : `{type: ${type}}`, label: written });
  });
  return { fields: fields.filter((f) => /^[A-Za-z_][A-Za-z0-9_-]*$/.test(f.name)), languages: languages.size > 0 ? [...languages].sort() : ['en', 'fr'] };
}

/**
 * The set file and front template of a deck that reads `sheet`: every column shown on the card,
 * the first text as its title, so a designer sees their own cards printed at once.
 */
export function sheetDeckFiles(options: { sheet: string; grid: Grid; schema: (name: string, depth: number) => string }): { files: Record<string, string>; languages: string[] } {
  const { fields, languages } = guessFields(options.grid);
  const ext = path.extname(options.sheet).toLowerCase();
  const hasId = (options.grid.rows[0] ?? []).some((c) => String(c?.value ?? '').trim() === 'id');
  const title = fields.find((f) => f.schema.includes('text')) ?? fields[0];
  const rest = fields.filter((f) => f !== title);
  const list = (f: Field) => (f.schema.includes('array') ? `{{item.${f.name} | default}}` : `{{item.${f.name}}}`);
  const lines = rest.map((f) => `**${f.label}:** ${list(f)}`).join('\\n');
  const set =
    options.schema('set', 1) +
    `id: cards
kind: cards
name: {en: Cards, fr: Cartes}
size: poker
front: card-front
back: card-back
fields:
  type: object
  properties:
${fields.map((f) => `    ${f.name}: ${f.schema}`).join('\n')}
items: ${hasId ? `sets/cards${ext}` : `{file: sets/cards${ext}${title ? `, idFrom: ${title.name}` : ''}}`}
`;
  const front =
    options.schema('template', 1) +
    `description: Every column of the sheet, the first text as the title.
safe: 3mm
background: paper
elements:
  - type: rect
    x: 3mm
    y: 3mm
    width: 57mm
    height: 82mm
    radius: 2mm
    stroke: ink
    strokeWidth: 0.5mm
${
  title
    ? `  - type: text
    text: "{{item.${title.name}}}"
    x: 6mm
    y: 6mm
    width: 51mm
    height: 12mm
    size: 14
    minSize: 8
    weight: bold
    color: ink
`
    : ''
}  - type: text
    text: "${lines}"
    x: 6mm
    y: 20mm
    width: 51mm
    height: 62mm
    size: 10
    minSize: 5
    color: ink
`;
  return { files: { 'sets/cards.yaml': set, 'templates/card-front.yaml': front }, languages };
}

/** Copies the sheet into the new game, where its set reads it. */
export function copySheet(from: string, gameDir: string): void {
  copyFileSync(from, path.join(gameDir, 'sets', `cards${path.extname(from).toLowerCase()}`));
}
