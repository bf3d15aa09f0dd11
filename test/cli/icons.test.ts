import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers.js';

describe('pocketpress icons search', () => {
  it('lists the names that contain the word, and how to use the first', async () => {
    const result = await runCli(['icons', 'search', 'lantern']);
    expect(result.code).toBe(0);
    const names = result.stdout.split('\n').filter((l) => l.startsWith('game-icons:'));
    expect(names[0]).toBe('game-icons:lantern');
    expect(names).toContain('game-icons:lantern-flame');
    expect(names.every((n) => n.includes('lantern'))).toBe(true);
    expect(result.stdout).toContain('icons: {lantern: "game-icons:lantern"}');
  });

  it('offers the closest name for a typo, and exits 1 when nothing is close', async () => {
    const typo = await runCli(['icons', 'search', 'lantren']);
    expect(typo.stdout).toMatch(/^no icon name contains "lantren"; the closest:\ngame-icons:lantern\n/);
    const none = await runCli(['icons', 'search', 'zzzzzzzzzzzzqqqq']);
    expect(none.code).toBe(1);
  });
});
