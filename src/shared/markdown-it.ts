import { createRequire } from 'node:module';
import type MarkdownItModule from 'markdown-it';

/**
 * markdown-it, from its single-file CommonJS build: the same code as its ES modules, which are
 * some fifty files for a command to load before it can read a rulebook.
 */
export const MarkdownIt = createRequire(import.meta.url)('markdown-it') as typeof MarkdownItModule;
