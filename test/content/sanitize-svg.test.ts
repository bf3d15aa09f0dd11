import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from '../../src/shared/sanitize-svg.js';

const HEAD = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">';

describe('sanitizeSvg', () => {
  it('keeps a drawing as it is: shapes, gradients, local references, text', () => {
    const svg = `${HEAD}<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/><use href="#g"/><text x="1" y="5">A &amp; B</text></svg>`;
    const { markup, removed } = sanitizeSvg(svg);
    expect(removed).toEqual([]);
    expect(markup).toBe(svg.replace(' xmlns:xlink="http://www.w3.org/1999/xlink"', ' xmlns:xlink="http://www.w3.org/1999/xlink"'));
  });

  it('takes out scripts, handlers, foreignObject, style sheets and every link outside the picture', () => {
    const { markup, removed } = sanitizeSvg(
      `${HEAD.replace('<svg ', '<svg onload="x()" ')}<script>x()</script><style>@import url(a.css)</style><foreignObject><p>hi</p></foreignObject><image href="/etc/secret.png"/><image xlink:href="file:///etc/a.jpg"/><image href="data:image/png;base64,iVBORw0KGgo="/><use href="other.svg#x"/><rect fill="url(http://example.org/p)" width="1" height="1"/><path d="M0 0L1 1"/></svg>`,
    );
    expect(markup).not.toMatch(/onload|script|style|foreignObject|secret|file:|other\.svg|example\.org/);
    expect(markup).toContain('<path d="M0 0L1 1"/>');
    expect(removed.map((r) => r.what)).toEqual([
      'the onload attribute',
      '<script>',
      '<style>',
      '<foreignObject>',
      'a link to "/etc/secret.png"',
      'a link to "file:///etc/a.jpg"',
      'an image embedded in the picture (save it as its own PNG or JPEG)',
      'a link to "other.svg#x"',
      'the fill attribute',
    ]);
  });

  it('refuses a DOCTYPE (entities), and markup that is not XML or not SVG', () => {
    expect(() => sanitizeSvg(`<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${HEAD}<text>&x;</text></svg>`)).toThrow(/DOCTYPE/);
    expect(() => sanitizeSvg(`${HEAD}<rect>`)).toThrow();
    expect(() => sanitizeSvg('<html></html>')).toThrow(/no <svg> element/);
  });
});
