import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageName, staticImports } from './imports.js';

/**
 * The one place where the stages' import directions are written. A folder of src/ may import
 * itself and the folders listed here, nothing else: the pipeline reads top to bottom, the
 * shared contracts (shared/, diagnostics/) sit below every stage, and vendor/ (the packages
 * loaded as one file each) below everything.
 */
export const ALLOWED_IMPORTS: Record<string, readonly string[]> = {
  cli: ['preview', 'init', 'translate', 'preflight', 'build', 'content', 'language', 'shared', 'diagnostics', 'vendor'],
  preview: ['build', 'shared', 'diagnostics', 'vendor'],
  init: ['content', 'shared', 'diagnostics', 'vendor'],
  translate: ['content', 'language', 'shared', 'diagnostics', 'vendor'],
  build: ['export', 'impose', 'render', 'layout', 'resolve', 'content', 'language', 'shared', 'diagnostics', 'vendor'],
  preflight: ['export', 'shared', 'diagnostics', 'vendor'],
  export: ['resolve', 'language', 'shared', 'diagnostics', 'vendor'],
  impose: ['shared', 'vendor'],
  render: ['shared', 'vendor'],
  layout: ['resolve', 'content', 'language', 'shared', 'diagnostics', 'vendor'],
  resolve: ['content', 'language', 'shared', 'diagnostics', 'vendor'],
  content: ['language', 'shared', 'diagnostics', 'vendor'],
  language: ['shared', 'vendor'],
  shared: ['diagnostics', 'vendor'],
  diagnostics: ['vendor'],
  vendor: [],
};

/** Every package a file loads code from: its static imports (staticImports), import(), require(). */
function packagesLoaded(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...staticImports(text),
    ...[...text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!),
    ...[...text.matchAll(/\b(?:require|createRequire\([^)]*\))\s*\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!),
  ];
  return specs.filter((spec) => !spec.startsWith('.') && !spec.startsWith('node:')).map(packageName);
}

const SRC = path.resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Every relative import of a file (static, dynamic, re-export), as [from folder, to folder]. */
export function folderImports(file: string): { to: string; spec: string }[] {
  const text = readFileSync(file, 'utf8');
  const found: { to: string; spec: string }[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = path.resolve(path.dirname(file), m[1]!);
    const rel = path.relative(SRC, target);
    if (rel.startsWith('..')) throw new Error(`${path.relative(SRC, file)} imports ${m[1]}, outside src/`);
    found.push({ to: rel.split(path.sep)[0]!, spec: m[1]! });
  }
  return found;
}

describe('import directions', () => {
  const files = sourceFiles(SRC);

  it('every folder of src/ is listed', () => {
    const folders = new Set(files.map((f) => path.relative(SRC, f).split(path.sep)[0]!).filter((f) => !f.endsWith('.ts')));
    expect([...folders].sort()).toEqual(Object.keys(ALLOWED_IMPORTS).sort());
  });

  it('each folder imports only the folders below it', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const from = path.relative(SRC, file).split(path.sep)[0]!;
      for (const { to, spec } of folderImports(file)) {
        if (to !== from && !ALLOWED_IMPORTS[from]?.includes(to)) wrong.push(`${path.relative(SRC, file)} imports ${spec} (${from} → ${to})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('loads each vendored package through its file of vendor/ only: one copy of it runs', () => {
    const vendor = files.filter((f) => path.relative(SRC, f).startsWith(`vendor${path.sep}`));
    const vendored = new Set(vendor.flatMap(packagesLoaded));
    // The walk finds the packages (a file of vendor/ re-exports one), and those a module loads in other ways.
    expect([...vendored]).toEqual(expect.arrayContaining(['yaml', 'ajv', 'fontkit', 'pdfkit', 'markdown-it']));
    expect(packagesLoaded(path.join(SRC, 'shared', 'colors.ts'))).toContain('culori');
    const wrong = files
      .filter((f) => !vendor.includes(f))
      .flatMap((f) => packagesLoaded(f).filter((name) => vendored.has(name)).map((name) => `${path.relative(SRC, f)} loads ${name}`));
    expect(wrong).toEqual([]);
  });

  it('the allowed directions have no loop', () => {
    const seen = new Set<string>();
    const visit = (folder: string, trail: string[]): void => {
      if (trail.includes(folder)) throw new Error(`loop: ${[...trail, folder].join(' → ')}`);
      if (seen.has(folder)) return;
      for (const next of ALLOWED_IMPORTS[folder] ?? []) visit(next, [...trail, folder]);
      seen.add(folder);
    };
    for (const folder of Object.keys(ALLOWED_IMPORTS)) visit(folder, []);
    expect(seen.size).toBe(Object.keys(ALLOWED_IMPORTS).length);
  });
});
