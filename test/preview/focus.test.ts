import { cpSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type PreviewHandle } from '../../src/preview/server.js';
import { FIXTURES, tempDir } from '../helpers.js';

/** Server-sent events of the preview, as `[event, data]` in the order they came. */
function listen(port: number): { events: [string, { progress: { current: string | null }; ready: string[] }][]; stop: () => void } {
  const events: [string, { progress: { current: string | null }; ready: string[] }][] = [];
  let buffer = '';
  const req = http.get({ host: '127.0.0.1', port, path: '/events' }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event && data) events.push([event, JSON.parse(data)]);
      }
    });
  });
  req.on('error', () => {});
  return { events, stop: () => req.destroy() };
}

function get(port: number, url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: url }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

describe('the preview builds the game on screen first', () => {
  let preview: PreviewHandle;
  let content: string;
  beforeAll(async () => {
    const base = tempDir('pocketpress-preview-focus-');
    content = path.join(base, 'content');
    cpSync(path.join(FIXTURES, 'valid', 'full-game'), path.join(content, 'full-game'), { recursive: true });
    cpSync(path.join(FIXTURES, 'valid', 'full-game'), path.join(content, 'other-game'), { recursive: true });
    const other = path.join(content, 'other-game', 'game.yaml');
    writeFileSync(other, readFileSync(other, 'utf8').replace(/^id: full-game$/m, 'id: other-game'));
    preview = await startPreview({ dir: content, out: path.join(base, 'out'), dpi: 30, cwd: base });
    await preview.idle();
  }, 240_000);
  afterAll(async () => {
    await preview?.close();
  });

  it('without a game on screen, builds in order; with one, builds it, says it is ready, then builds the others', { timeout: 240_000 }, async () => {
    expect(preview.state()).toMatchObject({ ok: true, focus: null });
    expect(JSON.parse(await get(preview.port, '/api/focus?game=other-game'))).toEqual({ focus: 'other-game' });
    const sse = listen(preview.port);
    await new Promise((r) => setTimeout(r, 300));
    // A rename-save of a file of the first game.
    const cards = path.join(content, 'full-game', 'sets', 'cards.yaml');
    writeFileSync(`${cards}.tmp`, readFileSync(cards, 'utf8').replace('{en: Wick, fr: Mèche}', '{en: Long wick, fr: Longue mèche}'));
    renameSync(`${cards}.tmp`, cards);
    const deadline = Date.now() + 200_000;
    while (!sse.events.some(([e]) => e === 'built') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await preview.idle();
    sse.stop();
    const order = sse.events.flatMap(([event, state]) => (event === 'ready' ? ['ready'] : event === 'progress' && state.progress.current ? [state.progress.current] : []));
    expect(order).toEqual(['other-game/en', 'other-game/fr', 'ready', 'full-game/en', 'full-game/fr']);
    expect(sse.events.find(([e]) => e === 'ready')![1].ready).toEqual(['other-game']);
    expect(preview.state()).toMatchObject({ ok: true, errors: 0 });
    const outputs = JSON.parse(await get(preview.port, '/api/state')).outputs as { game: string; lang: string }[];
    expect(outputs.map((o) => `${o.game}/${o.lang}`)).toEqual(['full-game/en', 'full-game/fr', 'other-game/en', 'other-game/fr']);

    // A malformed focus is dropped; a game that is not there any more builds everything at once.
    expect(JSON.parse(await get(preview.port, '/api/focus?game=..%2F..%2Fetc'))).toEqual({ focus: null });
    expect(JSON.parse(await get(preview.port, '/api/focus?game=gone'))).toEqual({ focus: 'gone' });
    writeFileSync(`${cards}.tmp`, readFileSync(cards, 'utf8').replace('Long wick', 'Longer wick'));
    renameSync(`${cards}.tmp`, cards);
    const id = preview.state().id;
    while (preview.state().id === id && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await preview.idle();
    expect(preview.state()).toMatchObject({ ok: true, errors: 0, focus: null });
  });
});
