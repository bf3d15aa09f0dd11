import { SaxesParser } from '../vendor/saxes.js';

/** Elements SVG art may use: shapes, groups, paint servers, clips, text and embedded images. */
const ELEMENTS = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'metadata',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker',
  'image', 'filter', 'feGaussianBlur', 'feOffset', 'feBlend', 'feColorMatrix', 'feFlood', 'feComposite', 'feMerge', 'feMergeNode',
]);

/** What was taken out of a picture, for a diagnostic. */
export interface SvgRemoval {
  what: string;
}

export interface SanitizedSvg {
  markup: string;
  removed: SvgRemoval[];
}

/**
 * An href that stays inside the picture: a fragment (#id). An image embedded as a data: URI is
 * taken out too: the PNG renderer cannot draw one, and the PDF and the PNG must show the same.
 */
function safeHref(value: string): boolean {
  return value.trim().startsWith('#');
}

/** A value that names nothing outside the picture: every url(…) is a fragment. */
function safeValue(value: string): boolean {
  const urls = [...value.matchAll(/url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi)].map((m) => m[2]!.trim());
  return urls.every((u) => u.startsWith('#')) && !/@import|expression\s*\(|javascript:/i.test(value);
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/**
 * SVG art as both renderers may see it: parsed with a strict XML parser (a DOCTYPE, and so any
 * entity, is refused), then written out again with only the elements and attributes of
 * drawings. Scripts, event handlers, foreignObject, <style>, and every reference to something
 * outside the picture (files, file: and http: URLs, external <use>) and images embedded in it
 * are taken out. Throws when the markup is not well-formed XML.
 */
export function sanitizeSvg(markup: string): SanitizedSvg {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const out: string[] = [];
  const removed: SvgRemoval[] = [];
  let skipping = 0;
  let sawRoot = false;
  parser.on('doctype', () => {
    throw new Error('SVG art may not hold a DOCTYPE (entities could name files outside the game)');
  });
  parser.on('opentag', (tag) => {
    const name = tag.name.includes(':') ? tag.name.slice(tag.name.indexOf(':') + 1) : tag.name;
    if (skipping > 0 || !ELEMENTS.has(name)) {
      if (skipping === 0) removed.push({ what: `<${tag.name}>` });
      skipping += tag.isSelfClosing ? 0 : 1;
      return;
    }
    if (!sawRoot && name !== 'svg') throw new Error(`the picture starts with <${tag.name}>, not <svg>`);
    sawRoot = true;
    const attributes: string[] = [];
    for (const [key, value] of Object.entries(tag.attributes as Record<string, string>)) {
      const local = key.includes(':') ? key.slice(key.indexOf(':') + 1) : key;
      const lower = local.toLowerCase();
      if (lower.startsWith('on')) {
        removed.push({ what: `the ${key} attribute` });
        continue;
      }
      if (lower === 'href' || lower === 'src') {
        if (!safeHref(value)) {
          removed.push({ what: /^\s*data:/i.test(value) ? 'an image embedded in the picture (save it as its own PNG or JPEG)' : `a link to "${value.slice(0, 60)}"` });
          continue;
        }
      } else if (!safeValue(value)) {
        removed.push({ what: `the ${key} attribute` });
        continue;
      }
      attributes.push(` ${key}="${escapeAttr(value)}"`);
    }
    out.push(`<${tag.name}${attributes.join('')}${tag.isSelfClosing ? '/>' : '>'}`);
  });
  parser.on('closetag', (tag) => {
    if (skipping > 0) {
      if (!tag.isSelfClosing) skipping -= 1;
      return;
    }
    if (!tag.isSelfClosing) out.push(`</${tag.name}>`);
  });
  parser.on('text', (text) => {
    if (skipping === 0 && sawRoot) out.push(escapeText(text));
  });
  parser.on('cdata', (text) => {
    if (skipping === 0 && sawRoot) out.push(escapeText(text));
  });
  parser.write(markup).close();
  if (!sawRoot) throw new Error('there is no <svg> element in this picture');
  return { markup: out.join(''), removed };
}

/** What checking a file of SVG art found: an error when it cannot be drawn, a warning when parts were taken out. */
export interface SvgArtProblem {
  severity: 'error' | 'warning';
  code: 'bad-image' | 'unsafe-svg';
  message: string;
}

const checked = new Map<string, SvgArtProblem | null>();

/** Checks SVG art once per version of its file (see sanitizeSvg). */
export function svgArtProblem(file: string, written: string, read: (file: string) => string, stamp: string): SvgArtProblem | undefined {
  let found = checked.get(stamp);
  if (found === undefined) {
    try {
      const { removed } = sanitizeSvg(read(file));
      found =
        removed.length === 0
          ? null
          : {
              severity: 'warning',
              code: 'unsafe-svg',
              message: `"${written}" holds what a picture in a game may not: ${[...new Set(removed.map((r) => r.what))].slice(0, 4).join(', ')}${removed.length > 4 ? ', …' : ''}; it is drawn without it`,
            };
    } catch (error) {
      found = { severity: 'error', code: 'bad-image', message: `"${written}" cannot be drawn: ${(error as Error).message.split('\n')[0]}` };
    }
    checked.set(stamp, found);
  }
  return found ?? undefined;
}
