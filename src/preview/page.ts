/** The preview page: plain HTML, CSS and JavaScript, served as it is (no bundler). */
export const PREVIEW_PAGE = String.raw`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>pocketpress preview</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  :root { --ink: #1d1b19; --paper: #f6f3ec; --line: #d8d2c4; --err: #b3261e; --warn: #8a5a00; --ok: #2e6b2e; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: var(--ink); background: var(--paper); }
  header { position: sticky; top: 0; z-index: 5; display: flex; gap: 12px; align-items: center; flex-wrap: wrap; padding: 8px 16px; background: #fff; border-bottom: 1px solid var(--line); }
  header h1 { font-size: 16px; margin: 0 12px 0 0; }
  label { display: inline-flex; gap: 4px; align-items: center; }
  #status { margin-left: auto; padding: 2px 8px; border-radius: 4px; background: #eee; }
  #status.ok { background: #e2f0e2; color: var(--ok); }
  #status.error { background: #f8e1df; color: var(--err); }
  #status.building { background: #fff3cd; color: var(--warn); }
  main { display: grid; grid-template-columns: 1fr 360px; gap: 16px; padding: 16px; align-items: start; }
  section h2 { font-size: 15px; margin: 20px 0 8px; border-bottom: 1px solid var(--line); }
  section h3 { font-size: 13px; margin: 12px 0 6px; color: #555; }
  .grid { display: flex; flex-wrap: wrap; gap: 12px; }
  figure.card { margin: 0; padding: 6px; background: #fff; border: 1px solid var(--line); border-radius: 6px; cursor: zoom-in; text-align: center; }
  figure.card img { display: block; height: 180px; width: auto; margin: 0 auto; }
  figure.card figcaption, figure.page figcaption { font-size: 12px; color: #555; margin-top: 4px; }
  figure.page { margin: 0; padding: 6px; background: #fff; border: 1px solid var(--line); border-radius: 6px; }
  figure.page img { display: block; height: 280px; width: auto; }
  aside { position: sticky; top: 60px; max-height: calc(100vh - 80px); overflow: auto; background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; }
  aside h2 { font-size: 15px; margin: 4px 0 8px; }
  .diag { border-left: 4px solid var(--err); padding: 4px 8px; margin: 6px 0; background: #fdf4f3; word-break: break-word; }
  .diag.warning { border-color: var(--warn); background: #fdf8ec; }
  .diag .where { font-family: ui-monospace, monospace; font-size: 12px; }
  .diag .code { font-weight: 600; }
  #zoom { position: fixed; inset: 0; z-index: 10; background: rgba(30,30,30,.85); overflow: auto; display: none; padding: 16px; color: #fff; }
  #zoom.open { display: block; }
  #zoom .bar { display: flex; gap: 16px; align-items: center; margin-bottom: 12px; flex-wrap: wrap; }
  #zoom .views { display: flex; gap: 24px; flex-wrap: wrap; align-items: flex-start; }
  .print { position: relative; overflow: hidden; background: #fff; box-shadow: 0 2px 12px rgba(0,0,0,.5); }
  .print img { position: absolute; display: block; }
  .print .trim, .print .safe { position: absolute; pointer-events: none; }
  .print .trim { outline: 0.2mm solid #e0245e; }
  .print .safe { outline: 0.2mm dashed #1e88e5; }
  #zoom:not(.show-bleed) .trim { display: none; }
  #zoom:not(.show-safe) .safe { display: none; }
  .lang-tag { font-size: 12px; margin-top: 4px; }
  .empty { color: #777; font-style: italic; }
  a { color: #1a5fb4; }
</style>
</head>
<body>
<header>
  <h1>pocketpress preview</h1>
  <label>Game <select id="f-game"></select></label>
  <label>Language <select id="f-lang"></select></label>
  <label>Set <select id="f-set"></select></label>
  <span id="status">connecting…</span>
</header>
<main>
  <div id="content"><p class="empty">Building…</p></div>
  <aside><h2>Diagnostics <span id="diag-count"></span></h2><div id="diagnostics"><p class="empty">none yet</p></div></aside>
</main>
<div id="zoom" class="show-bleed show-safe" role="dialog" aria-label="card at print size">
  <div class="bar">
    <strong id="zoom-title"></strong>
    <label><input type="checkbox" id="t-bleed" checked> bleed</label>
    <label><input type="checkbox" id="t-safe" checked> safe zone (3 mm)</label>
    <label><input type="checkbox" id="t-langs" checked> all languages side by side</label>
    <span>shown at print size (CSS mm; true when the screen's scale is right)</span>
    <button id="zoom-close" type="button">close (Esc)</button>
  </div>
  <div class="views" id="zoom-views"></div>
</div>
<script>
'use strict';
const SAFE_MM = 3;
let data = { build: null, outputs: [] };
let zoomed = null; // {game, set, item, side}
const $ = (id) => document.getElementById(id);
const el = (tag, attrs, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'class') node.className = v;
    else if (k.startsWith('data-')) node.setAttribute(k, v);
    else node[k] = v;
  }
  for (const c of children) node.append(c);
  return node;
};
const fileUrl = (o, f) => '/out/' + [o.game, o.lang, ...String(f.path).split('/')].map(encodeURIComponent).join('/') + '?v=' + String(f.sha256 || '').slice(0, 16);

function options(select, values, allLabel, wanted) {
  select.replaceChildren(el('option', { value: '', textContent: allLabel }), ...values.map((v) => el('option', { value: v, textContent: v })));
  select.value = values.includes(wanted) ? wanted : '';
}

// The filters live in the address (#game=…&lang=…&set=…) so a reload keeps them; a filter
// naming something not built (yet) waits for it instead of being dropped.
const filters = (() => {
  const params = new URLSearchParams(location.hash.slice(1));
  return { game: params.get('game') || '', lang: params.get('lang') || '', set: params.get('set') || '' };
})();

function renderFilters() {
  const games = [...new Set(data.outputs.map((o) => o.game))];
  const langs = [...new Set(data.outputs.map((o) => o.lang))];
  const sets = [...new Set(data.outputs.flatMap((o) => o.files.filter((f) => f.set).map((f) => f.set)))];
  options($('f-game'), games, 'all games', filters.game);
  options($('f-lang'), langs, 'all languages', filters.lang);
  options($('f-set'), sets, 'all sets', filters.set);
}

function cardFigure(o, f) {
  const label = (f.item === null ? 'shared back' : f.item + (f.side === 'back' ? ' (back)' : '')) ;
  const img = el('img', { src: fileUrl(o, f), alt: o.game + ' ' + o.lang + ' ' + f.set + ' ' + label, loading: 'lazy' });
  const fig = el('figure', { class: 'card', 'data-game': o.game, 'data-lang': o.lang, 'data-set': f.set, 'data-item': f.item === null ? '_back' : f.item, 'data-side': f.side, title: 'click: print size' }, img, el('figcaption', { textContent: label }));
  fig.addEventListener('click', () => openZoom({ game: o.game, lang: o.lang, set: f.set, item: f.item, side: f.side }));
  return fig;
}

function render() {
  renderFilters();
  const game = $('f-game').value, lang = $('f-lang').value, set = $('f-set').value;
  const content = $('content');
  const blocks = [];
  for (const o of data.outputs) {
    if ((game && o.game !== game) || (lang && o.lang !== lang)) continue;
    const block = el('section', { 'data-game': o.game, 'data-lang': o.lang }, el('h2', { textContent: o.game + ' — ' + o.lang }));
    const components = o.files.filter((f) => f.kind === 'component-png' && (!set || f.set === set));
    const bySet = new Map();
    for (const f of components) {
      if (!bySet.has(f.set)) bySet.set(f.set, []);
      bySet.get(f.set).push(f);
    }
    for (const [setId, files] of bySet) {
      files.sort((a, b) => (a.item === null) - (b.item === null) || String(a.item).localeCompare(String(b.item)) || String(a.side).localeCompare(String(b.side)));
      block.append(el('h3', { textContent: 'Set ' + setId + ' — ' + files.length + ' image' + (files.length === 1 ? '' : 's') }), el('div', { class: 'grid gallery', 'data-set': setId }, ...files.map((f) => cardFigure(o, f))));
    }
    const png = (f) => f.format === 'png' && f.path.endsWith('.png');
    const pages = set ? [] : o.files.filter((f) => f.kind === 'rulebook-pages' && png(f));
    if (pages.length) block.append(el('h3', { textContent: 'Rulebook pages' }), el('div', { class: 'grid pages' }, ...pages.map((f) => el('figure', { class: 'page' }, el('img', { src: fileUrl(o, f), alt: 'rulebook page ' + f.page, loading: 'lazy' }), el('figcaption', { textContent: 'page ' + f.page })))));
    const sheets = o.files.filter((f) => png(f) && f.kind !== 'rulebook-pages' && f.path.startsWith('sheets/') && (!set || f.set === set));
    if (sheets.length) block.append(el('h3', { textContent: 'Print sheets' }), el('div', { class: 'grid sheets' }, ...sheets.map((f) => el('figure', { class: 'page', 'data-kind': f.kind }, el('img', { src: fileUrl(o, f), alt: f.path, loading: 'lazy' }), el('figcaption', { textContent: (f.set || 'rulebook') + ' sheet ' + f.page })))));
    const pdfs = o.files.filter((f) => f.path.endsWith('.pdf') && (!set || !f.set || f.set === set));
    if (pdfs.length) block.append(el('h3', { textContent: 'PDFs' }), el('p', {}, ...pdfs.flatMap((f) => [el('a', { href: fileUrl(o, f), target: '_blank', textContent: f.path }), ' '])));
    blocks.push(block);
  }
  content.replaceChildren(...(blocks.length ? blocks : [el('p', { class: 'empty', textContent: data.build && data.build.running ? 'Building…' : 'Nothing built yet.' })]));
  renderDiagnostics();
  renderStatus();
  if (zoomed) renderZoom();
}

function renderStatus() {
  const b = data.build, s = $('status');
  if (!b) return;
  if (b.running) {
    s.className = 'building';
    const p = b.progress || {};
    s.textContent = p.total ? 'building ' + p.done + '/' + p.total + (p.current ? ' — ' + p.current + ' done' : '') + '…' : 'building…';
    return;
  }
  if (b.ok === false) { s.className = 'error'; s.textContent = b.errors + ' error' + (b.errors === 1 ? '' : 's') + ' — showing the last good build'; return; }
  if (b.ok) { s.className = 'ok'; s.textContent = 'built ' + new Date(b.finishedAt).toLocaleTimeString() + ' in ' + b.seconds.toFixed(1) + ' s' + (b.warnings ? ', ' + b.warnings + ' warning' + (b.warnings === 1 ? '' : 's') : ''); }
}

function renderDiagnostics() {
  const b = data.build, box = $('diagnostics');
  if (!b) return;
  const list = b.diagnostics || [];
  $('diag-count').textContent = list.length ? '(' + list.length + ')' : '';
  if (!list.length) { box.replaceChildren(el('p', { class: 'empty', textContent: b.id ? 'No problems.' : 'Building…' })); return; }
  box.replaceChildren(...list.map((d) => {
    const where = d.file ? d.file + (d.line ? ':' + d.line + (d.column ? ':' + d.column : '') : '') : '';
    return el('div', { class: 'diag ' + d.severity, 'data-code': d.code, 'data-file': d.file || '', 'data-line': String(d.line || '') },
      el('div', { class: 'where', textContent: where }),
      el('div', {}, el('span', { class: 'code', textContent: d.severity + ' ' + d.code }), ' ', d.message));
  }));
}

function openZoom(target) {
  zoomed = target;
  $('zoom').classList.add('open');
  renderZoom();
}
function closeZoom() { zoomed = null; $('zoom').classList.remove('open'); }

function renderZoom() {
  const z = zoomed;
  const langs = $('t-langs').checked ? data.outputs.filter((o) => o.game === z.game).map((o) => o.lang) : [z.lang];
  $('zoom-title').textContent = z.game + ' / ' + z.set + ' / ' + (z.item === null ? 'shared back' : z.item) + ' (' + z.side + ')';
  const views = [];
  for (const lang of langs) {
    const o = data.outputs.find((x) => x.game === z.game && x.lang === lang);
    const f = o && o.files.find((x) => x.kind === 'component-png' && x.set === z.set && x.item === z.item && x.side === z.side);
    if (!f) continue;
    const bleedShown = $('t-bleed').checked;
    const b = f.bleedMm || 0;
    const w = f.widthMm + (bleedShown ? 2 * b : 0), h = f.heightMm + (bleedShown ? 2 * b : 0);
    const off = bleedShown ? 0 : -b;
    const box = el('div', { class: 'print', 'data-lang': lang });
    box.style.width = w + 'mm'; box.style.height = h + 'mm';
    const img = el('img', { src: fileUrl(o, f), alt: lang });
    img.style.width = (f.widthMm + 2 * b) + 'mm'; img.style.height = (f.heightMm + 2 * b) + 'mm'; img.style.left = off + 'mm'; img.style.top = off + 'mm';
    const trim = el('div', { class: 'trim' });
    const inset = bleedShown ? b : 0;
    Object.assign(trim.style, { left: inset + 'mm', top: inset + 'mm', width: f.widthMm + 'mm', height: f.heightMm + 'mm' });
    const safe = el('div', { class: 'safe' });
    Object.assign(safe.style, { left: (inset + SAFE_MM) + 'mm', top: (inset + SAFE_MM) + 'mm', width: (f.widthMm - 2 * SAFE_MM) + 'mm', height: (f.heightMm - 2 * SAFE_MM) + 'mm' });
    box.append(img, trim, safe);
    views.push(el('div', {}, box, el('div', { class: 'lang-tag', textContent: lang + ' — ' + f.widthMm + ' × ' + f.heightMm + ' mm, bleed ' + b + ' mm' })));
  }
  $('zoom-views').replaceChildren(...views);
}

async function refresh() {
  try {
    const res = await fetch('/api/state', { cache: 'no-store' });
    data = await res.json();
    render();
  } catch (e) {
    $('status').textContent = 'cannot reach the preview server';
  }
}

// The server builds the game on screen first.
const sendFocus = () => fetch('/api/focus?game=' + encodeURIComponent(filters.game), { cache: 'no-store' }).catch(() => {});
sendFocus();

for (const key of ['game', 'lang', 'set']) {
  $('f-' + key).addEventListener('change', () => {
    filters[key] = $('f-' + key).value;
    if (key === 'game') sendFocus();
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
    history.replaceState(null, '', '#' + params.toString());
    render();
  });
}
$('t-bleed').addEventListener('change', () => { $('zoom').classList.toggle('show-bleed', $('t-bleed').checked); renderZoom(); });
$('t-safe').addEventListener('change', () => $('zoom').classList.toggle('show-safe', $('t-safe').checked));
$('t-langs').addEventListener('change', renderZoom);
$('zoom-close').addEventListener('click', closeZoom);
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') closeZoom(); });

const events = new EventSource('/events');
events.addEventListener('hello', refresh);
events.addEventListener('built', refresh);
events.addEventListener('ready', refresh);
events.addEventListener('building', (e) => { if (data.build) { data.build = JSON.parse(e.data); renderStatus(); } });
events.addEventListener('progress', (e) => { if (data.build) { data.build = JSON.parse(e.data); renderStatus(); } });
events.onerror = () => { $('status').className = ''; $('status').textContent = 'reconnecting…'; };
refresh();
</script>
</body>
</html>
`;
