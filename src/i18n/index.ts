/** Localization: typography, hyphenation, ICU messages, and the translators' round trip (status, export, import, lock). */
export { typeset, type TypesetOptions } from './typeset.js';
export { findLocaleRules, LOCALE_RULES, type LocaleRules, type SpaceKind } from './typography-rules.js';
export { createHyphenate, type HyphenateOptions } from './hyphenate.js';
export { checkMessage, formatMessage, isMessage, MessageError } from './format-message.js';
export { allowMissingTranslations } from './allow-missing.js';
export { collectGameTexts, collectTexts, type GameTexts, type TextEntry } from './collect-texts.js';
export { countStatuses, describeTexts, TEXT_STATUSES, type StatusCounts, type TextRow, type TextStatus } from './text-status.js';
export { exportTexts, EXPORT_FORMATS, type ExportFormat, type ExportOptions } from './export-texts.js';
export { readImportFile, type ImportFile, type ImportRow } from './read-rows.js';
export { importTexts, type ImportResult } from './import-texts.js';
export { markCurrent, type MarkResult } from './mark-current.js';
export { hashText, lockPath, readLock, writeLock, type Lock } from './lock-file.js';
export { applyTextEdits, EditError, type TextEdit } from './edit-yaml.js';
export { formatStatusJson, formatStatusTable } from './format-status.js';
export { describeImport, describeMarks } from './format-import.js';
export { chooseNarrowSpace } from './narrow-space.js';
