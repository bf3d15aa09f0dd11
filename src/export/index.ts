export { exportGame } from './export-game.js';
export { exportEngineJson } from './export-engine-json.js';
export { buildEngineDocument } from './engine-document.js';
export { EngineSchema, type EngineDocument } from './engine-schema.js';
export { ENGINE_FORMAT_VERSION } from './engine-format.js';
export { exportTts, ttsJsonPath } from './tts/export-tts.js';
export { componentPngPath } from './face-paths.js';
export type { ExportInput, ExportOptions, ExportSet } from './types.js';
export { exportShops, shopFolder, ShopSetupError, type OrderSummary, type OrderFile } from './shops/export-shops.js';
