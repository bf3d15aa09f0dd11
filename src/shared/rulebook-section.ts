/** A heading of the rulebook and the text under it, as the exports list them. */
export interface RulebookSection {
  level: number;
  title: string;
  text: string;
  /** 1-based; the cover is page 1. */
  page: number;
}
