// markdown-it as the CLI loads it: one file in dist/ with entities, linkify-it and mdurl (see VENDOR in bin/compile.js).
export { default as MarkdownIt } from 'markdown-it';
