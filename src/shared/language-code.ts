/** A language code as content, options and translation files write it: "en", "fr", "pt-BR". */
export const LANG_PATTERN = '^[a-z]{2,3}(-[A-Z]{2})?$';
