import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedHost, resolveServedPath } from '../../src/preview/paths.js';
import { startPreview, type PreviewHandle } from '../../src/preview/server.js';
import { FIXTURES, tempDir } from '../helpers.js';

describe('resolveServedPath', () => {
  const base = tempDir('pocketpress-preview-paths-');
  const root = path.join(base, 'out');
  mkdirSync(path.join(root, 'g', 'en', 'png'), { recursive: true });
  mkdirSync(path.join(root, '.cache'), { recursive: true });
  writeFileSync(path.join(root, 'g', 'en', 'png', 'a.png'), 'png');
  writeFileSync(path.join(root, '.cache', 'x'), 'secret');
  writeFileSync(path.join(base, 'secret.txt'), 'secret');
  symlinkSync(path.join(base, 'secret.txt'), path.join(root, 'g', 'en', 'link.png'));
  symlinkSync(base, path.join(root, 'g', 'up'));
  symlinkSync(path.join(root, 'g', 'en', 'png', 'a.png'), path.join(root, 'g', 'en', 'inside.png'));

  it('serves a file of the output folder', () => {
    expect(resolveServedPath(root, 'g/en/png/a.png')).toEqual({ ok: true, file: path.join(root, 'g', 'en', 'png', 'a.png') });
    expect(resolveServedPath(root, 'g/en/png/%61.png')).toMatchObject({ ok: true });
    expect(resolveServedPath(root, 'g/en/inside.png')).toMatchObject({ ok: true });
  });

  it.each([
    ['../secret.txt', 403],
    ['g/../../secret.txt', 403],
    ['%2e%2e/secret.txt', 403],
    ['%2E%2E/secret.txt', 403],
    ['g/%2e%2e%2f%2e%2e/secret.txt', 403],
    ['..%2fsecret.txt', 403],
    ['..%5csecret.txt', 403],
    ['%2fetc%2fpasswd', 403],
    ['/etc/passwd', 403],
    [encodeURIComponent(path.join(base, 'secret.txt')), 403],
    ['C:%5cWindows', 403],
    ['g/en/a.png%00', 403],
    ['g/en/link.png', 403],
    ['g/up/secret.txt', 403],
    ['.cache/x', 404],
    ['g/en/missing.png', 404],
    ['g/en', 404],
    ['%E0%A4%A', 404],
  ])('refuses %s with %i', (url, status) => {
    expect(resolveServedPath(root, url)).toMatchObject({ ok: false, status });
  });
});

describe('isAllowedHost', () => {
  it('takes only 127.0.0.1 and localhost on the server port', () => {
    expect(isAllowedHost('127.0.0.1:4000', 4000)).toBe(true);
    expect(isAllowedHost('localhost:4000', 4000)).toBe(true);
    expect(isAllowedHost('LOCALHOST:4000', 4000)).toBe(true);
    expect(isAllowedHost('evil.example:4000', 4000)).toBe(false);
    expect(isAllowedHost('127.0.0.1.evil.example:4000', 4000)).toBe(false);
    expect(isAllowedHost('127.0.0.1:4001', 4000)).toBe(false);
    expect(isAllowedHost('127.0.0.1', 4000)).toBe(false);
    expect(isAllowedHost('[::1]:4000', 4000)).toBe(false);
    expect(isAllowedHost(undefined, 4000)).toBe(false);
    expect(isAllowedHost('', 4000)).toBe(false);
  });
});

/** A raw request, so the path is sent exactly as written (no client-side `..` folding). */
function request(port: number, rawPath: string, host = `127.0.0.1:${port}`, method = 'GET'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method, headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the preview server', () => {
  let preview: PreviewHandle;
  let out: string;
  beforeAll(async () => {
    const base = tempDir('pocketpress-preview-server-');
    out = path.join(base, 'out');
    preview = await startPreview({ dir: path.join(FIXTURES, 'valid', 'full-game'), out, dpi: 40, cwd: base });
    await preview.idle();
    writeFileSync(path.join(base, 'secret.txt'), 'secret');
    symlinkSync(path.join(base, 'secret.txt'), path.join(out, 'full-game', 'en', 'escape.png'));
  });
  afterAll(async () => {
    await preview?.close();
    rmSync(out, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 and serves the page, the state and built files', async () => {
    expect(preview.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect((await request(preview.port, '/')).body).toContain('<title>pocketpress preview</title>');
    const state = JSON.parse((await request(preview.port, '/api/state')).body) as { build: { ok: boolean }; outputs: Array<{ game: string; lang: string }> };
    expect(state.build.ok).toBe(true);
    expect(state.outputs.map((o) => `${o.game}/${o.lang}`)).toEqual(['full-game/en', 'full-game/fr']);
    expect((await request(preview.port, '/out/full-game/en/png/cards/oil.png')).status).toBe(200);
    expect((await request(preview.port, '/out/full-game/en/png/cards/oil.png', `localhost:${preview.port}`)).status).toBe(200);
  });

  it.each([
    ['/out/../package.json', 403],
    ['/out/%2e%2e/%2e%2e/package.json', 403],
    ['/out/full-game/%2E%2E/%2E%2E/secret.txt', 403],
    ['/out//etc/passwd', 403],
    ['/out/%2Fetc%2Fpasswd', 403],
    ['/out/full-game/en/escape.png', 403],
    ['/out/.cache/', 404],
    ['/../package.json', 404],
    ['/package.json', 404],
  ])('refuses %s with %i', async (url, status) => {
    const res = await request(preview.port, url);
    expect(res.status).toBe(status);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('"name": "pocketpress"');
  });

  it('refuses a foreign Host header (DNS rebinding) with 403', async () => {
    expect((await request(preview.port, '/', `evil.example:${preview.port}`)).status).toBe(403);
    expect((await request(preview.port, '/api/state', 'rebind.127.0.0.1.nip.io')).status).toBe(403);
    expect((await request(preview.port, '/out/full-game/en/png/cards/oil.png', `127.0.0.1:${preview.port + 1}`)).status).toBe(403);
  });

  it('refuses anything but GET and HEAD', async () => {
    expect((await request(preview.port, '/', undefined, 'POST')).status).toBe(405);
  });
});
