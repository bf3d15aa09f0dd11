import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runCli, tempDir } from '../helpers.js';

describe('engine JSON texts that are ICU messages', () => {
  it('give, as plain text and runs, what the card prints for that item; the message stays as written', async () => {
    const game = path.join(tempDir(), 'full-game');
    cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
    const cards = path.join(game, 'sets', 'cards.yaml');
    const message = 'Light {item.count, plural, one {# wick} other {# wicks}}.';
    writeFileSync(cards, readFileSync(cards, 'utf8').replace('effect: {en: "A gust: **lose 1** :flame:", fr: "Un coup de vent : **perdez 1** :flame:"}', `effect: {en: "${message}", fr: "Allumez."}`));
    const out = tempDir();
    const result = await runCli(['build', game, '--out', out, '--dpi', '30', '--lang', 'en']);
    expect(result.code).toBe(0);
    const engine = JSON.parse(readFileSync(path.join(out, 'full-game', 'en', 'full-game.json'), 'utf8')) as {
      sets: { items: { id: string; fields: { hours: { effect?: { markup: string; plain: string; runs: { text?: string }[] } }[] } }[] }[];
    };
    const wick = engine.sets.flatMap((s) => s.items).find((i) => i.id === 'wick')!;
    const effect = wick.fields.hours[1]!.effect!;
    expect(effect.plain).toBe('Light 3 wicks.');
    expect(effect.runs.map((r) => r.text).join('')).toBe('Light 3 wicks.');
    expect(effect.markup).toBe(message);
  });
});
