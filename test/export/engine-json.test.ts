import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@cfworker/json-schema';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OutputFile } from '../../src/shared/output-file.js';
import type { EngineDocument } from '../../src/export/engine-schema.js';
import { exportEngineJson } from '../../src/export/export-engine-json.js';
import { FIXTURES, ROOT, tempDir } from '../helpers.js';
import { prepareExport, writeFiles, type Prepared } from './helpers.js';

const schema = JSON.parse(readFileSync(path.join(ROOT, 'schemas', 'engine.schema.json'), 'utf8')) as Record<string, unknown>;
const ajvValidate = new Ajv2020({ strict: false, allErrors: true }).compile(schema);
const cfworker = new Validator(schema as never, '2020-12', false);

function validateBoth(value: unknown): { ajv: boolean; cfworker: boolean } {
  return { ajv: ajvValidate(value) as boolean, cfworker: cfworker.validate(value).valid };
}

describe.each(['en', 'fr'])('the engine JSON of full-game in %s', (lang) => {
  let prepared: Prepared;
  let file: OutputFile;
  let doc: EngineDocument;
  beforeAll(async () => {
    prepared = await prepareExport(path.join(FIXTURES, 'valid', 'full-game'), lang);
    file = exportEngineJson(prepared.input);
    doc = JSON.parse(file.bytes.toString('utf8')) as EngineDocument;
  }, 60_000);

  it('is written as <game-id>.json, an engine-json entry', () => {
    expect(file.path).toBe('full-game.json');
    expect(file.entry).toMatchObject({ kind: 'engine-json', sets: 2, items: 4, copies: 7 });
  });

  it('validates against schemas/engine.schema.json with ajv and with @cfworker/json-schema', () => {
    expect(validateBoth(doc)).toEqual({ ajv: true, cfworker: true });
  });

  it('is rejected by both validators when broken', () => {
    const noInstances = structuredClone(doc) as unknown as { sets: { items: Record<string, unknown>[] }[] };
    delete noInstances.sets[0]!.items[0]!['instances'];
    expect(validateBoth(noInstances)).toEqual({ ajv: false, cfworker: false });
    const badRun = structuredClone(doc) as unknown as { sets: { items: { fields: { name: { runs: unknown[] } } }[] }[] };
    badRun.sets[0]!.items[0]!.fields.name.runs.push({ type: 'underline', text: 'x' });
    expect(validateBoth(badRun)).toEqual({ ajv: false, cfworker: false });
    expect(validateBoth({ ...doc, formatVersion: 2 })).toEqual({ ajv: false, cfworker: false });
  });

  it('gives every item the count of its set file and one instance id per copy', () => {
    const written = prepared.loaded.sets.map((s) => s.data!.items.map((i) => [i.id, i.count ?? 1]));
    expect(doc.sets.map((s) => s.items.map((i) => [i.id, i.count]))).toEqual(written);
    for (const item of doc.sets.flatMap((s) => s.items)) {
      expect(item.instances).toHaveLength(item.count);
      expect(item.instances).toEqual(Array.from({ length: item.count }, (_, i) => `${item.id}#${i + 1}`));
    }
    expect(doc.sets.map((s) => s.copies)).toEqual([4, 3]);
  });

  it('describes the game and the sets in the language of the file', () => {
    expect(doc.game).toMatchObject({ id: 'full-game', language: lang, languages: ['en', 'fr'], players: { min: 2, max: 2 }, playTime: { min: 15, max: 30 }, age: 10 });
    expect(doc.game.title).toBe(lang === 'fr' ? 'Les Gardiens de la lanterne' : 'Lantern Keepers');
    expect(doc.game.credits).toEqual([{ role: lang === 'fr' ? 'Conception' : 'Design', name: 'Ada Example' }]);
    const [cards, tiles] = doc.sets;
    expect(cards).toMatchObject({ id: 'cards', kind: 'cards', size: { widthMm: 63.5, heightMm: 88.9 }, bleedMm: 3.18, shape: 'rectangle' });
    expect(tiles).toMatchObject({ id: 'tiles', kind: 'tiles', size: { widthMm: 40, heightMm: 34.64 }, bleedMm: 0, shape: 'hex' });
    expect(cards!.items[0]!.size).toEqual({ widthMm: 63.5, heightMm: 88.9 });
  });

  it('gives each text as written, as plain text and as runs; other fields as they are', () => {
    const wick = doc.sets[0]!.items[0]!.fields as { name: unknown; hours: { effect?: unknown; light: number }[]; art: string };
    expect(wick.name).toEqual({ markup: lang === 'fr' ? 'Mèche' : 'Wick', plain: lang === 'fr' ? 'Mèche' : 'Wick', runs: [{ type: 'text', text: lang === 'fr' ? 'Mèche' : 'Wick', bold: false, italic: false }] });
    expect(wick.hours.map((h) => h.light)).toEqual([1, -1, 2]);
    expect(wick.art).toBe('art/flame.svg');
    const effect = wick.hours[1]!.effect as { plain: string; runs: { type: string; bold?: boolean; icon?: string }[] };
    // French typography (resolve time) puts a no-break space before the colon.
    expect(effect.plain.replace(/[\u00a0\u202f]/g, ' ')).toBe(lang === 'fr' ? 'Un coup de vent : perdez 1 :flame:' : 'A gust: lose 1 :flame:');
    expect(effect.runs.filter((r) => r.bold).length).toBe(1);
    expect(effect.runs.at(-1)).toEqual({ type: 'icon', icon: 'flame', bold: false, italic: false });
    expect(doc.sets[0]!.items[1]!.fields).toMatchObject({ hours: [{}, {}, { effect: { plain: 'Fin.', runs: [{ type: 'text', text: 'Fin.', italic: true, bold: false }] } }] });
    expect(doc.sets[1]!.items[0]!.fields).toEqual({ exits: ['north', 'east', 'south', 'west'] });
  });

  it('names front and back PNGs that exist once the build has written its files', () => {
    const dir = tempDir();
    writeFiles(dir, [file, ...prepared.componentPngs]);
    const paths = doc.sets.flatMap((s) => s.items.flatMap((i) => [i.images.front, i.images.back].filter((p): p is string => p !== undefined)));
    expect(paths).toContain('png/cards/wick.png');
    expect(paths).toContain('png/cards/_back.png');
    expect(doc.sets[1]!.items[0]!.images).toEqual({ front: 'png/tiles/crossing.png' });
    for (const p of paths) expect(existsSync(path.join(dir, p)), p).toBe(true);
  });

  it('carries the rulebook sections it was given', () => {
    expect(doc.rulebook.sections).toEqual(prepared.input.sections.map((s) => ({ ...s })));
    expect(doc.rulebook.sections.length).toBeGreaterThan(0);
  });

  it('is the same bytes every time, with keys sorted', async () => {
    const again = await prepareExport(path.join(FIXTURES, 'valid', 'full-game'), lang);
    expect(exportEngineJson(again.input).bytes.equals(file.bytes)).toBe(true);
    const text = file.bytes.toString('utf8');
    expect(text.indexOf('"format"')).toBeLessThan(text.indexOf('"formatVersion"'));
    expect(text.indexOf('"formatVersion"')).toBeLessThan(text.indexOf('"game"'));
    expect(text.indexOf('"game"')).toBeLessThan(text.indexOf('"rulebook"'));
    expect(text.endsWith('}\n')).toBe(true);
  }, 60_000);
});

describe('the engine JSON of every game in content/', () => {
  const games = readdirSync(path.join(ROOT, 'content'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

  it.each(games)('%s validates in each of its languages', async (game) => {
    const dir = path.join(ROOT, 'content', game);
    const first = await prepareExport(dir, 'en', { render: false });
    for (const lang of first.input.game.languages) {
      const { input } = lang === 'en' ? first : await prepareExport(dir, lang, { render: false });
      const doc = JSON.parse(exportEngineJson(input).bytes.toString('utf8')) as EngineDocument;
      expect(validateBoth(doc), `${game}/${lang}`).toEqual({ ajv: true, cfworker: true });
      expect(doc.game.language).toBe(lang);
      expect(doc.rulebook.sections.length).toBeGreaterThan(0);
    }
  }, 120_000);
});
