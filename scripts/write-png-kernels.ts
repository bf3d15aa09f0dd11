// Writes src/shared/png-kernels-wasm.ts from src/shared/png-kernels.wat.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { KERNELS_MODULE, pngKernelsModule } from './png-kernels-source.js';
import { PACKAGE_ROOT } from '../src/shared/game-paths.js';

writeFileSync(KERNELS_MODULE, await pngKernelsModule());
console.log(`wrote ${path.relative(PACKAGE_ROOT, KERNELS_MODULE)}`);
