import type { StructureStep } from '../../shared/display-list.js';

/**
 * The structure tree of a tagged PDF, written as the pages are drawn: groups of the display
 * lists that carry a structure open its elements (an element whose key is already open is
 * continued, across pages too), their text and images become the content of the innermost
 * one, and every heading gets a bookmark under the one above it.
 */
export class StructureWriter {
  private readonly open: { key: string; role: string; element: PDFKit.PDFStructureElement }[] = [];
  private readonly bookmarks: { level: number; item: PDFKit.PDFOutline }[] = [];

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  /**
   * Opens `steps` below the first `depth` open elements (those of the enclosing groups),
   * keeping the ones already open with the same keys; returns the new depth.
   */
  enter(depth: number, steps: readonly StructureStep[]): number {
    let i = 0;
    while (i < steps.length && this.open[depth + i]?.key === steps[i]!.key) i++;
    this.closeFrom(depth + i);
    for (; i < steps.length; i++) {
      const step = steps[i]!;
      const options: { alt?: string; lang?: string; title?: string } = {};
      if (step.alt) options.alt = step.alt;
      if (step.lang) options.lang = step.lang;
      if (step.title) options.title = step.title;
      const element = this.doc.struct(step.role, options);
      const parent = this.open[depth + i - 1];
      if (parent) parent.element.add(element);
      else this.doc.addStructure(element);
      this.open.push({ key: step.key, role: step.role, element });
      const heading = /^H([1-6])$/.exec(step.role);
      if (heading && step.title) this.bookmark(Number(heading[1]), step.title);
    }
    return depth + steps.length;
  }

  /** Draws `draw` as content of the element open at `depth` (its text and images). */
  content(depth: number, draw: () => void): void {
    const leaf = this.open[depth - 1];
    if (!leaf) return this.artifact(draw);
    const content = this.doc.markStructureContent(leaf.role);
    draw();
    this.doc.endMarkedContent();
    leaf.element.add(content);
  }

  /** Draws `draw` as an artifact: decoration and page furniture a reader skips. */
  artifact(draw: () => void, type: 'Pagination' | 'Layout' = 'Layout'): void {
    this.doc.markContent('Artifact', { type });
    draw();
    this.doc.endMarkedContent();
  }

  /** Ends every open element: called once, after the last page. */
  finish(): void {
    this.closeFrom(0);
  }

  private closeFrom(depth: number): void {
    while (this.open.length > depth) this.open.pop()!.element.end();
  }

  private bookmark(level: number, title: string): void {
    while (this.bookmarks.length > 0 && this.bookmarks[this.bookmarks.length - 1]!.level >= level) this.bookmarks.pop();
    const parent = this.bookmarks[this.bookmarks.length - 1]?.item ?? this.doc.outline;
    this.bookmarks.push({ level, item: parent.addItem(title, { expanded: true }) });
  }
}
