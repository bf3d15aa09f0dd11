/**
 * The version of the engine export's format (`formatVersion` in every engine JSON file): bumped
 * when a consumer of the engine JSON would have to change. A module of its own: the export
 * writes it without loading the format's schema (engine-schema.ts, TypeBox with it), which only
 * the published schema and the tests need.
 */
export const ENGINE_FORMAT_VERSION = 1;
