#!/usr/bin/env node
// Entry point: loads the TypeScript sources through tsx and hands argv to the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
