import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers.js';

const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' } });

describe('pocketpress as a dependency of a designer\'s project', () => {
  it('packs, installs into a new npm project, sets it up and builds it', { timeout: 600_000 }, () => {
    const base = tempDir('pocketpress-pack-');
    const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', base], ROOT)) as { filename: string; files: { path: string }[] }[];
    const tarball = path.join(base, packed[0]!.filename);
    const shipped = packed[0]!.files.map((f) => f.path);
    expect(shipped).toContain('bin/pocketpress.js');
    expect(shipped).toContain('schemas/project.schema.json');
    expect(shipped.some((f) => f.startsWith('test/') || f.startsWith('content/'))).toBe(false);

    const project = path.join(base, 'my-game');
    mkdirSync(project);
    npm(['init', '-y'], project);
    npm(['install', '--save-dev', '--prefer-offline', tarball], project);
    const init = execFileSync(path.join(project, 'node_modules', '.bin', 'pocketpress'), ['init', '.'], { cwd: project, encoding: 'utf8' });
    expect(init).toMatch(/Set up \.\/ for pocketpress with the game "my-game"/);
    const scripts = (JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['build']).toBe('pocketpress build');
    npm(['run', 'build', '--', '--lang', 'en', '--dpi', '72'], project);
    for (const file of ['rulebook.pdf', 'cards.pdf', 'manifest.json', 'png/cards/lantern.png']) {
      expect(existsSync(path.join(project, 'out', 'my-game', 'en', file)), file).toBe(true);
    }
  });
});
