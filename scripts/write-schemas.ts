// Writes schemas/*.json and docs/reference.md from the TypeScript definitions (the one source of both).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../src/shared/game-paths.js';
import { publishedSchemas } from '../src/build/published-schemas.js';
import { describeReference } from '../src/build/reference.js';

const dir = path.join(PACKAGE_ROOT, 'schemas');
mkdirSync(dir, { recursive: true });
for (const [name, text] of Object.entries(publishedSchemas())) {
  writeFileSync(path.join(dir, name), text);
  console.log(`wrote schemas/${name}`);
}

// And the reference generated from the same definitions.
mkdirSync(path.join(PACKAGE_ROOT, 'docs'), { recursive: true });
writeFileSync(path.join(PACKAGE_ROOT, 'docs', 'reference.md'), describeReference());
console.log('wrote docs/reference.md');
