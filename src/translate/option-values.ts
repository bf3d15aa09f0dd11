// The values the i18n commands accept for --only and --format, apart from the code behind them
// so that the CLI's option wiring loads without YAML, CSV or the content checks.

/**
 * Where a text stands in one language:
 * - `translated`: it has this language, and its source text is the one it was translated from
 *   (or no lock entry says otherwise);
 * - `stale`: it has this language, but the source text changed since it was translated;
 * - `missing`: a map of languages without this one (or with an empty text);
 * - `same`: a plain string, printed the same in every language.
 */
export type TextStatus = 'translated' | 'stale' | 'missing' | 'same';

export const TEXT_STATUSES: readonly TextStatus[] = ['translated', 'missing', 'stale', 'same'];

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
