import { plainText, type Block } from './blocks.js';
import type { RulebookSection } from '../../shared/rulebook-section.js';

/**
 * The heading structure: each top-level heading with the plain text of the blocks under it
 * (up to the next heading of any level) and its page. Text before the first heading is a
 * level-0 section titled `intro`. `pageOf` gives the page of a block's first slice; a block
 * with none (the title heading left out) takes the page of the next block that has one.
 */
export function collectSections(blocks: readonly Block[], pageOf: (block: Block) => number | undefined, intro: string): RulebookSection[] {
  const pages = blocks.map(pageOf);
  const pageAt = (i: number) => pages.slice(i).find((p) => p !== undefined) ?? pages.filter((p) => p !== undefined).pop() ?? 1;
  const sections: (RulebookSection & { parts: Block[] })[] = [];
  blocks.forEach((block, i) => {
    if (block.kind === 'heading') {
      sections.push({ level: block.level, title: block.text.plain, text: '', page: pageAt(i), parts: [] });
      return;
    }
    if (sections.length === 0) sections.push({ level: 0, title: intro, text: '', page: pageAt(i), parts: [] });
    sections[sections.length - 1]!.parts.push(block);
  });
  return sections.map(({ parts, ...section }) => ({ ...section, text: plainText(parts) }));
}
