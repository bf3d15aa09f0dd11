import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOnce, type BuildCommandOptions } from '../../src/cli/build-command.js';
import { VERSION } from '../../src/cli/main.js';
import { cacheFolder } from '../../src/build/cache-folder.js';
import { FIXTURES, hashTree, ROOT, tempDir } from '../helpers.js';

const require = createRequire(import.meta.url);
const io = { stdout: () => {}, stderr: () => {}, cwd: '/' };
// Tabletop Simulator names images by URL instead of absolute paths, so two output folders can be compared byte for byte.
const TTS = 'https://example.org/pnp';
const options = (out: string): BuildCommandOptions => ({ out, format: 'text', dpi: 72, paper: 'a4', duplex: 'long', backOffset: { x: 0, y: 0 }, quiet: true, ttsBaseUrl: TTS });

/** Every file of the build (the cache left out) with the hash of its bytes. */
const outputs = (out: string) => hashTree(out, { skipHidden: true });

/** A fresh process, no cache: what every build must give. */
function referenceBuild(game: string): Record<string, string> {
  const out = tempDir('pocketpress-reference-');
  execFileSync(process.execPath, [path.join(ROOT, 'bin', 'pocketpress.js'), 'build', game, '--out', out, '--dpi', '72', '--no-cache', '--quiet', '--tts-base-url', TTS]);
  return outputs(out);
}

describe('a process that builds twice', () => {
  it('never serves the first version of an image, a font or a template from memory or from the cache', { timeout: 300_000 }, async () => {
    const game = path.join(tempDir(), 'full-game');
    cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
    // The game's own font, for every text: first a sans, later replaced by a serif.
    mkdirSync(path.join(game, 'fonts'));
    const fontFile = path.join(game, 'fonts', 'body.woff');
    copyFileSync(require.resolve('@fontsource/alegreya-sans/files/alegreya-sans-latin-400-normal.woff'), fontFile);
    const gameYaml = path.join(game, 'game.yaml');
    writeFileSync(gameYaml, `${readFileSync(gameYaml, 'utf8')}fonts:\n  Body: {regular: fonts/body.woff, bold: fonts/body.woff, italic: fonts/body.woff, boldItalic: fonts/body.woff}\n`);
    const out = tempDir();
    expect((await buildOnce(game, options(out), VERSION, io)).code).toBe(0);

    // The art becomes twice as wide as it is tall, saved by rename (a new inode, as editors do).
    const art = path.join(game, 'art', 'flame.svg');
    writeFileSync(`${art}.new`, readFileSync(art, 'utf8').replace('viewBox="0 0 10 10"', 'viewBox="0 0 20 10"'));
    renameSync(`${art}.new`, art);
    const second = await buildOnce(game, options(out), VERSION, io);
    expect(second.code).toBe(0);
    expect(second.stats['layout']!.made).toBeGreaterThan(0);
    expect(outputs(out)).toEqual(referenceBuild(game));

    // A font replaced by another in place (same name, same folder), and a template edited.
    writeFileSync(fontFile, readFileSync(require.resolve('@fontsource/alegreya/files/alegreya-latin-400-normal.woff')));
    const template = path.join(game, 'templates', 'lantern-card.yaml');
    const edited = readFileSync(template, 'utf8').replace(/size: (\d+)/, (_, n: string) => `size: ${Number(n) + 1}`);
    expect(edited).not.toBe(readFileSync(template, 'utf8'));
    writeFileSync(template, edited);
    expect((await buildOnce(game, options(out), VERSION, io)).code).toBe(0);
    expect(outputs(out)).toEqual(referenceBuild(game));

    // And a later process, with the cache the first one filled, gives the same bytes.
    const again = tempDir();
    const copied = path.join(tempDir(), 'cache');
    cpSync(cacheFolder({ out }), copied, { recursive: true });
    expect((await buildOnce(game, { ...options(again), cacheDir: copied }, VERSION, io)).code).toBe(0);
    expect(outputs(again)).toEqual(outputs(out));
  });
});
