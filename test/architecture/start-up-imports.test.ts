import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageName, staticImports } from './imports.js';

const SRC = path.resolve(import.meta.dirname, '../../src');

/** Every package a module loads as it is imported, following its static imports through src/. */
function packagesLoadedBy(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const visit = (file: string, trail: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of staticImports(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.')) {
        const target = path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts'));
        if (existsSync(target)) visit(target, [...trail, path.relative(SRC, target)]);
      } else if (!spec.startsWith('node:')) {
        const name = packageName(spec);
        if (!packages.has(name)) packages.set(name, trail);
      }
    }
  };
  visit(path.join(SRC, entry), [entry]);
  return packages;
}

/**
 * What a rebuild that redraws one card loads: the CLI, the build, the PDF writer and the
 * exports. Packages that take tens of milliseconds to load and that such a build does not use
 * are imported where they are used, when they are.
 */
const REBUILD_MODULES = ['cli/main.ts', 'build/run-build.ts', 'build/build-game.ts', 'render/pdf/render-component-pdf.ts', 'export/export-game.ts'];

describe('what a build loads as it starts', () => {
  it('reads static imports, not type imports or dynamic ones', () => {
    const text = "import type { A } from 'a';\nimport { b,\n  c } from 'b';\nexport { d } from './d.js';\nexport type { E } from 'e';\nimport 'f';\nconst g = await import('g');\nimport * as h from 'h';\n";
    expect(staticImports(text)).toEqual(['b', './d.js', 'h', 'f']);
  });

  it('finds the packages a module reaches through src/', () => {
    // The published schemas are made from the TypeBox definitions; the print shops' files with sharp.
    expect(packagesLoadedBy('build/published-schemas.ts').has('@sinclair/typebox')).toBe(true);
    expect(packagesLoadedBy('export/shops/export-shops.ts').has('sharp')).toBe(true);
  });

  it.each(REBUILD_MODULES)('%s loads neither TypeBox (the schemas are compiled ahead of time) nor sharp', (entry) => {
    const packages = packagesLoadedBy(entry);
    expect(packages.get('@sinclair/typebox')).toBeUndefined();
    expect(packages.get('sharp')).toBeUndefined();
  });

  it('loads the code frames of diagnostics and the progress bar only when it prints them', () => {
    const packages = packagesLoadedBy('cli/main.ts');
    // The walk does reach the modules that use them.
    expect(packages.has('commander')).toBe(true);
    expect(packages.get('@babel/code-frame')).toBeUndefined();
    expect(packages.get('cli-progress')).toBeUndefined();
  });
});
