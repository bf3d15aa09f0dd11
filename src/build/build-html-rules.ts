import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Token } from 'markdown-it';
import { MarkdownIt } from '../vendor/markdown-it.js';
import type { LoadedGame } from '../content/model.js';
import { rulebookSource } from '../content/rulebook-source.js';
import { splitFrontMatter } from '../content/front-matter.js';
import { typesetInlines } from '../layout/rulebook/parse-markdown.js';
import { defaultStyle } from '../layout/rulebook/page-style.js';
import { componentPngPath } from '../export/face-paths.js';
import { checkGamePath } from '../shared/game-paths.js';
import { checkFileAccess } from '../shared/file-access.js';
import { resolveColor } from '../shared/colors.js';
import { createIconResolver, GAME_ICONS_CREDIT, type IconResolver } from '../shared/icons.js';
import { imageFileProblem } from '../shared/image-budget.js';
import { sanitizeSvg } from '../shared/sanitize-svg.js';
import type { FontStyle, FontWeight } from '../shared/fonts.js';
import type { OutputFile } from '../shared/output-file.js';
import type { ResolvedGame, ResolvedSet } from '../resolve/model.js';
import type { Face } from '../shared/face.js';

/**
 * The HTML rulebook: the rulebook's Markdown as one page that opens from the file system with
 * nothing from the network (rules/index.html, its fonts and images beside it). markdown-it
 * renders it with raw HTML escaped (html: false); only the markup made here (icons as inline
 * SVG, the component list) is written unescaped.
 */
const markdown = new MarkdownIt({ html: false, typographer: false, linkify: false });
markdown.renderer.rules.table_open = () => '<div class="table"><table>\n';
markdown.renderer.rules.table_close = () => '</table></div>\n';

const PAGE_BREAK = /^(<!--[\s\S]*-->|\\pagebreak)$/i;
const COMPONENTS = /^\{\{\s*components\s*\}\}$/;
const ICONS = /:([a-z][a-z0-9-]*):/g;
const FONT_FORMATS: Record<string, string> = { '.woff2': 'woff2', '.woff': 'woff', '.ttf': 'truetype', '.otf': 'opentype' };
const IMAGE_TYPES = new Set(['.png', '.jpg', '.jpeg', '.svg', '.gif', '.webp']);

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A set whose component PNGs the build wrote. */
export interface HtmlRulesSet {
  set: ResolvedSet;
  faces: readonly Face[];
}

/** Files copied beside index.html, under one name each. */
/** The bytes an image of the rulebook is copied with: an SVG sanitized (undefined when it cannot be), any other as it is. */
function htmlImageBytes(file: string, ext: string): Buffer | undefined {
  if (imageFileProblem(file, path.basename(file))) return undefined;
  if (ext !== '.svg') return readFileSync(file);
  try {
    return Buffer.from(sanitizeSvg(readFileSync(file, 'utf8')).markup, 'utf8');
  } catch {
    return undefined;
  }
}

class Assets {
  readonly files: OutputFile[] = [];
  private readonly names = new Map<string, string>();
  constructor(private readonly folder: string) {}
  add(absolute: string, bytes: Buffer, wanted: string, facts: Record<string, unknown>): string {
    const known = this.names.get(absolute);
    if (known) return known;
    const ext = path.extname(wanted).toLowerCase();
    const stem = path.basename(wanted, path.extname(wanted)).replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'file';
    let name = `${stem}${ext}`;
    for (let n = 2; this.files.some((f) => f.path === `rules/${this.folder}/${name}`); n++) name = `${stem}-${n}${ext}`;
    this.files.push({ path: `rules/${this.folder}/${name}`, bytes, entry: { kind: 'rules-asset', ...facts } });
    const relative = `${this.folder}/${name}`;
    this.names.set(absolute, relative);
    return relative;
  }
}

/** A heading's anchor: its words in lower case joined by hyphens, made unique in the page. */
function slugger(): (text: string) => string {
  const used = new Set<string>();
  return (text) => {
    const base = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'section';
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  };
}

const TokenClass = new markdown.core.State('', markdown, {}).Token;

function htmlToken(content: string, block = false): Token {
  const token = new TokenClass(block ? 'html_block' : 'html_inline', '', 0);
  token.content = content;
  return token;
}

/** An icon as inline SVG, sized to the text; undefined when the name is no icon or its SVG is not clean. */
function iconHtml(name: string, icons: IconResolver): string | undefined {
  const icon = icons(name);
  if (!icon) return undefined;
  let svg: string;
  try {
    svg = sanitizeSvg(icon.svg).markup;
  } catch {
    return undefined;
  }
  // The HTML parser needs no namespace declarations: none is left to look like an address.
  svg = svg.replace(/\sxmlns(:[\w-]+)?="[^"]*"/g, '').replace(/<svg\b/, `<svg aria-hidden="true" focusable="false"`);
  return `<span class="icon" role="img" aria-label="${escapeHtml(name)}">${svg}</span>`;
}

/** Text tokens split at `:name:`, icons becoming inline SVG. */
function withIcons(children: Token[], icons: IconResolver): { tokens: Token[]; used: boolean } {
  const out: Token[] = [];
  let used = false;
  for (const child of children) {
    if (child.type !== 'text') {
      out.push(child);
      continue;
    }
    let at = 0;
    for (const match of child.content.matchAll(ICONS)) {
      const html = iconHtml(match[1]!, icons);
      if (!html) continue;
      used = true;
      if (match.index > at) {
        const text = htmlToken('');
        text.type = 'text';
        text.content = child.content.slice(at, match.index);
        out.push(text);
      }
      out.push(htmlToken(html));
      at = match.index + match[0].length;
    }
    if (at === 0) out.push(child);
    else if (at < child.content.length) {
      const text = htmlToken('');
      text.type = 'text';
      text.content = child.content.slice(at);
      out.push(text);
    }
  }
  return { tokens: out, used };
}

/** The name a rule would call an item by: its name in the build language, else its id in words. */
function itemName(item: { id: string; fields: Record<string, unknown> }): string {
  return typeof item.fields.name === 'string' && item.fields.name.trim() !== '' ? item.fields.name.trim() : item.id.replace(/[-_]+/g, ' ');
}

type Linker = (children: Token[]) => Token[];

/**
 * Links the first mention of each component in a paragraph (its name, or the name with a plural
 * s or x, as a whole word) to that component's PNG; none inside a link.
 */
function componentLinker(sets: readonly HtmlRulesSet[]): Linker {
  const targets = new Map<string, string>();
  for (const { set, faces } of sets) {
    for (const face of faces) {
      if (face.back || face.item === undefined) continue;
      const item = set.items.find((i) => i.id === face.item)!;
      const name = itemName(item).toLowerCase();
      if (name.length >= 3 && !targets.has(name)) targets.set(name, `../${componentPngPath(set.id, face)}`);
    }
  }
  if (targets.size === 0) return (children) => children;
  const names = [...targets.keys()].sort((a, b) => b.length - a.length).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${names.join('|')})(?:e?s|x)?(?![\\p{L}\\p{N}])`, 'giu');
  return (children) => {
    const out: Token[] = [];
    const linked = new Set<string>();
    let inLink = 0;
    for (const child of children) {
      if (child.type === 'link_open') inLink++;
      if (child.type === 'link_close') inLink--;
      if (child.type !== 'text' || inLink > 0) {
        out.push(child);
        continue;
      }
      let at = 0;
      const text = (content: string) => {
        const token = htmlToken('');
        token.type = 'text';
        token.content = content;
        return token;
      };
      for (const match of child.content.matchAll(pattern)) {
        const name = match[1]!.toLowerCase();
        if (linked.has(name)) continue;
        linked.add(name);
        if (match.index > at) out.push(text(child.content.slice(at, match.index)));
        out.push(htmlToken(`<a class="component" href="${escapeHtml(targets.get(name)!)}">`), text(match[0]), htmlToken('</a>'));
        at = match.index + match[0].length;
      }
      if (at === 0) out.push(child);
      else if (at < child.content.length) out.push(text(child.content.slice(at)));
    }
    return out;
  };
}

function decodePath(src: string): string {
  try {
    return decodeURI(src);
  } catch {
    return src;
  }
}

/** Every set with its number of components, a thumbnail of its first front, and a link to each item's PNG. */
function componentList(sets: readonly HtmlRulesSet[]): string {
  const rows = sets.map(({ set, faces }) => {
    const fronts = faces.filter((f) => !f.back && f.item !== undefined);
    const count = set.items.reduce((n, i) => n + i.count, 0);
    const first = fronts[0];
    const thumb = first ? `<img class="thumb" src="../${escapeHtml(componentPngPath(set.id, first))}" alt="">` : '';
    const items = fronts
      .map((face) => {
        const item = set.items.find((i) => i.id === face.item)!;
        const name = itemName(item);
        return `<li id="component-${escapeHtml(set.id)}-${escapeHtml(item.id)}"><a href="../${escapeHtml(componentPngPath(set.id, face))}">${escapeHtml(name)}</a> × ${item.count}</li>`;
      })
      .join('');
    return `<li class="set" id="component-${escapeHtml(set.id)}">${thumb}<div><strong>${escapeHtml(set.name)}</strong> × ${count}<ul>${items}</ul></div></li>`;
  });
  return `<ul class="components">${rows.join('\n')}</ul>\n`;
}

/** The @font-face rules of the body and heading families, their files copied to rules/fonts/. */
function fontFaces(game: ResolvedGame, families: readonly string[], assets: Assets): string {
  const rules: string[] = [];
  const styles: [FontWeight, FontStyle][] = [['normal', 'normal'], ['bold', 'normal'], ['normal', 'italic'], ['bold', 'italic']];
  for (const family of new Set(families)) {
    for (const [weight, style] of styles) {
      let resolved;
      try {
        resolved = game.fonts.resolve(family, weight, style);
      } catch {
        continue;
      }
      if (!resolved || resolved.substituted) continue;
      const file = resolved.face.path;
      const format = FONT_FORMATS[path.extname(file).toLowerCase()];
      if (!format) continue;
      // A game's own font goes through the game's file rules; a built-in one lies in its own package.
      const inGame = !path.relative(game.dir, file).startsWith('..');
      const access = inGame ? checkGamePath(game.dir, path.relative(game.dir, file)) : checkFileAccess(file, [path.dirname(file)]);
      if (!access.ok) continue;
      const name = assets.add(file, readFileSync(file), `${family}-${weight}-${style}${path.extname(file)}`, { family, weight, style });
      rules.push(`@font-face{font-family:${JSON.stringify(family)};src:url("${name}") format("${format}");font-weight:${weight === 'bold' ? 700 : 400};font-style:${style};font-display:swap}`);
    }
  }
  return rules.join('\n');
}

function css(vars: string, fonts: string, body: string, heading: string): string {
  return `${fonts}
:root{${vars}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:#fff;color:var(--ink);font-family:${body};font-size:1.0625rem;line-height:1.55;overflow-wrap:anywhere}
main{max-width:42rem;margin:0 auto;padding:1rem 1.25rem 3rem}
h1,h2,h3,h4,h5,h6{font-family:${heading};color:var(--accent);line-height:1.2;margin:1.6em 0 .5em;scroll-margin-top:1rem}
h1{font-size:2rem;margin-top:.5em}h2{font-size:1.45rem;border-bottom:2px solid var(--shade);padding-bottom:.15em}h3{font-size:1.2rem}
p,ul,ol{margin:.6em 0}li{margin:.2em 0}
a{color:var(--accent)}
a.component{text-decoration-style:dotted}
img{max-width:100%;height:auto}
figure{margin:1.2em 0;text-align:center}
figure img{display:block;margin:0 auto}
figcaption{font-style:italic;font-size:.9em;margin-top:.4em}
blockquote{margin:1em 0;padding:.6em 1em;background:var(--shade);border-left:4px solid var(--accent);border-radius:4px}
.table{overflow-x:auto;margin:1em 0}
table{border-collapse:collapse;min-width:60%}
th,td{padding:.35em .7em;border-bottom:1px solid var(--shade)}
th{background:var(--shade);text-align:left}
.icon{display:inline-block;vertical-align:-.15em}
.icon svg{height:1.1em;width:auto;display:block;fill:currentColor}
nav.toc{background:var(--shade);border-radius:6px;padding:.6em 1em;margin:1em 0}
nav.toc ol{margin:.3em 0;padding-left:1.3em}
nav.toc .toc-title{font-weight:bold;font-family:${heading}}
ul.components{list-style:none;padding:0}
ul.components>li{display:flex;gap:.8em;align-items:flex-start;margin:.8em 0}
img.thumb{width:4.5rem;flex:none}
ul.components ul{padding-left:1.1em;margin:.2em 0}
footer{margin-top:3em;font-size:.8rem;color:#555}
@media print{
  @page{margin:15mm}
  body{font-size:10.5pt;background:none}
  main{max-width:none;padding:0}
  a{color:inherit;text-decoration:none}
  nav.toc{background:none;border:1px solid #999}
  h1,h2,h3{break-after:avoid;page-break-after:avoid}
  figure,img,table,blockquote,ul.components>li{break-inside:avoid;page-break-inside:avoid}
  blockquote,th,nav.toc{-webkit-print-color-adjust:exact;print-color-adjust:exact}
}
`;
}

/** A CSS font stack: the family, then system fonts. */
const stack = (family: string) => `${JSON.stringify(family)},system-ui,-apple-system,"Segoe UI",Roboto,sans-serif`;

/**
 * rules/index.html and what it needs beside it, for a game with a rulebook; none when the game
 * has none or its Markdown cannot be read (the PDF rulebook tells why).
 */
export function buildHtmlRules(loaded: LoadedGame, game: ResolvedGame, sets: readonly HtmlRulesSet[]): OutputFile[] {
  if (!loaded.data?.rulebook) return [];
  const source = rulebookSource(loaded, game.lang);
  const check = checkGamePath(game.dir, path.relative(game.dir, source));
  if (!check.ok) return [];
  const front = splitFrontMatter(readFileSync(check.absolute, 'utf8'));
  const style = defaultStyle('pages', game);
  const written = (front.data.style ?? {}) as Record<string, unknown>;
  const color = (key: 'ink' | 'accent' | 'shade') => {
    const value = written[key];
    const resolved = typeof value === 'string' ? resolveColor(value, game.palette) : undefined;
    return resolved?.kind === 'color' ? resolved.hex : style[key];
  };
  const family = (key: 'font' | 'headingFont') => (typeof written[key] === 'string' && game.fonts.has(written[key]) ? written[key] : style[key]);
  const bodyFamily = family('font');
  const headingFamily = typeof written.headingFont === 'string' ? family('headingFont') : bodyFamily;

  const tokens = markdown.parse(front.body, {});
  typesetInlines(tokens, game.typesetParts);
  const icons = createIconResolver({ gameDir: game.dir, aliases: game.icons });
  const images = new Assets('images');
  const fonts = new Assets('fonts');
  const slug = slugger();
  const toc: { level: number; id: string; text: string }[] = [];
  const sourceDir = path.dirname(check.absolute);
  const linkComponents = componentLinker(sets);
  let usedIcons = false;
  let inHeading = false;
  const kept: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const inline = tokens[i + 1];
    if (token.type === 'paragraph_open' && inline?.type === 'inline') {
      const text = inline.content.trim();
      if (PAGE_BREAK.test(text)) {
        i += 2;
        continue;
      }
      if (COMPONENTS.test(text)) {
        kept.push(htmlToken(componentList(sets), true));
        i += 2;
        continue;
      }
    }
    if (token.type === 'heading_open') inHeading = true;
    if (token.type === 'heading_close') inHeading = false;
    if (token.type === 'heading_open' && inline?.type === 'inline') {
      const text = (inline.children ?? []).filter((c) => c.type === 'text' || c.type === 'code_inline').map((c) => c.content).join('').replace(ICONS, '').trim();
      const id = slug(text);
      token.attrSet('id', id);
      if (Number(token.tag.slice(1)) >= 2 && Number(token.tag.slice(1)) <= 3) toc.push({ level: Number(token.tag.slice(1)), id, text });
    }
    if (token.type === 'inline' && token.children) {
      for (const child of token.children) {
        if (child.type !== 'image') continue;
        const src = decodePath(child.attrGet('src') ?? '');
        const ext = path.extname(src).toLowerCase();
        let found = /^[a-z]+:/i.test(src) ? undefined : checkGamePath(game.dir, src);
        if (found && !found.ok) {
          const alt = checkGamePath(game.dir, path.relative(game.dir, path.resolve(sourceDir, src)));
          if (alt.ok) found = alt;
        }
        // An SVG is written as the PDF draws it, sanitized: opened on its own, a script in it would run.
        const bytes = found?.ok && IMAGE_TYPES.has(ext) ? htmlImageBytes(found.absolute, ext) : undefined;
        if (found?.ok && bytes) {
          child.attrSet('src', images.add(found.absolute, bytes, path.basename(src), { source: path.relative(game.dir, found.absolute).split(path.sep).join('/') }));
        } else {
          // Never a reference to something outside the page: the alt text stands in.
          child.type = 'text';
          child.content = child.content || src;
          child.children = null;
        }
      }
      const split = withIcons(inHeading ? token.children : linkComponents(token.children), icons);
      token.children = split.tokens;
      usedIcons ||= split.used;
      // An image alone in its paragraph is a figure, its title the caption (as in the PDF).
      const only = token.children.filter((c) => !(c.type === 'text' && c.content.trim() === '') && c.type !== 'softbreak');
      if (kept.at(-1)?.type === 'paragraph_open' && only.length === 1 && only[0]!.type === 'image' && tokens[i + 1]?.type === 'paragraph_close') {
        const title = only[0]!.attrGet('title') ?? '';
        only[0]!.attrs = (only[0]!.attrs ?? []).filter(([name]) => name !== 'title');
        token.children = only;
        kept[kept.length - 1] = htmlToken('<figure>', true);
        kept.push(token, htmlToken(`${title ? `<figcaption>${escapeHtml(title)}</figcaption>` : ''}</figure>\n`, true));
        i += 1;
        continue;
      }
    }
    kept.push(token);
  }
  // The table of contents goes after the title when the rules open with one.
  const titled = kept[0]?.type === 'heading_open' && kept[0].tag === 'h1';
  const head = titled ? kept.slice(0, 3) : [];
  const rest = titled ? kept.slice(3) : kept;
  const nav = toc.length === 0
    ? ''
    : `<nav class="toc" aria-label="${game.lang === 'fr' ? 'Sommaire' : 'Contents'}"><div class="toc-title">${game.lang === 'fr' ? 'Sommaire' : 'Contents'}</div><ol>${toc
        .map((t) => `<li class="toc-${t.level}"><a href="#${t.id}">${escapeHtml(t.text)}</a></li>`)
        .join('')}</ol></nav>\n`;
  const env = {};
  const body = markdown.renderer.render(head, markdown.options, env) + nav + markdown.renderer.render(rest, markdown.options, env);
  const vars = [
    `--ink:${color('ink')}`,
    `--accent:${color('accent')}`,
    `--shade:${color('shade')}`,
    ...Object.keys(game.palette).flatMap((name) => {
      const c = resolveColor(name, game.palette);
      return c.kind === 'color' && /^[A-Za-z][\w-]*$/.test(name) ? [`--palette-${name}:${c.hex}`] : [];
    }),
  ].join(';');
  const faces = fontFaces(game, [bodyFamily, headingFamily], fonts);
  const credits = game.credits.map((c) => escapeHtml(c.name)).join(', ');
  const html = `<!doctype html>
<html lang="${escapeHtml(game.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(game.title)}</title>
<style>
${css(vars, faces, stack(bodyFamily), stack(headingFamily))}</style>
</head>
<body>
<main>
${body}<footer>${credits}${usedIcons ? `<br>${escapeHtml(GAME_ICONS_CREDIT.replace(/ \(https?:[^)]*\)/, ''))}` : ''}</footer>
</main>
</body>
</html>
`;
  return [
    { path: 'rules/index.html', bytes: Buffer.from(html, 'utf8'), entry: { kind: 'rules-html', headings: toc.length, images: images.files.length, fonts: fonts.files.length } },
    ...images.files,
    ...fonts.files,
  ];
}
