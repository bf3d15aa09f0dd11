// What the architecture tests read of a source file's imports.

/** The static imports of a source file that load code at run time (`import type` and `import()` are not among them). */
export function staticImports(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(?!type\s)[^;'"]*?\bfrom\s+['"]([^'"]+)['"]/gm)) found.push(m[1]!);
  for (const m of text.matchAll(/^import\s+['"]([^'"]+)['"]/gm)) found.push(m[1]!);
  return found;
}

/** The package a bare module name belongs to ("@scope/name" or "name"). */
export function packageName(spec: string): string {
  return spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
}
