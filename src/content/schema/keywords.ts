// Names the schemas and the checks both use, kept apart from the schema definitions so that the
// checks can read them without loading the schema library (a run that validates content loads
// the compiled validators, not the schemas they were compiled from).

/** Schema keyword marking a value a player reads: a string, or a map with one entry per language. */
export const LOCALIZED_KEYWORD = 'x-localized';
/** Schema keyword marking a path to a file inside the game folder (checked to exist and to stay inside). */
export const ASSET_KEYWORD = 'x-asset';
/** Schema keyword marking a length (checked to be finite and within the length budget). */
export const LENGTH_KEYWORD = 'x-length';

/** Keys every item has, whatever its set's fields. */
export const ITEM_BASE_KEYS = ['id', 'count'] as const;
