import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runCli, tempDir } from '../helpers.js';

describe('every problem at once, across phases', () => {
  it('a bad binding in a template is reported with a schema error in the items, not after it is fixed', async () => {
    const game = path.join(tempDir(), 'full-game');
    cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
    const template = path.join(game, 'templates', 'lantern-card.yaml');
    writeFileSync(template, readFileSync(template, 'utf8').replace('text: "{{item.name | upper}}"', 'text: "{{item.nmae | upper}}"'));
    const cards = path.join(game, 'sets', 'cards.yaml');
    writeFileSync(cards, readFileSync(cards, 'utf8').replace('    count: 3', '    count: three'));
    const result = await runCli(['validate', game, '--format', 'json']);
    const codes = (JSON.parse(result.stdout) as { diagnostics: { code: string; line: number }[] }).diagnostics.map((d) => `${d.code}:${d.line}`);
    expect(codes).toEqual(['wrong-type:28', 'unknown-binding:14']);
  });
});
