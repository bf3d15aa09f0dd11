import type { ResolvedGame } from '../resolve/model.js';
import { describeItem, roundMm } from './engine-item.js';
import { ENGINE_FORMAT_VERSION } from './engine-format.js';
import type { EngineDocument, EngineSetData } from './engine-schema.js';
import { facesByItem } from './face-paths.js';
import type { ExportInput, ExportSet } from './types.js';

function describeSet({ set, faces }: ExportSet, lang: string): EngineSetData {
  const byItem = facesByItem(faces);
  return {
    id: set.id,
    kind: set.kind,
    name: set.name,
    size: { widthMm: roundMm(set.width), heightMm: roundMm(set.height) },
    bleedMm: roundMm(set.bleed),
    shape: set.shape,
    cornerRadiusMm: roundMm(set.cornerRadius),
    copies: set.items.reduce((n, item) => n + item.count, 0),
    items: set.items.map((item) => describeItem(set, item, byItem.get(item.id), lang)),
  };
}

function describeGame(game: ResolvedGame): EngineDocument['game'] {
  return {
    id: game.id,
    title: game.title,
    subtitle: game.subtitle,
    description: game.description,
    language: game.lang,
    languages: [...game.languages],
    players: { min: game.players.min, max: game.players.max },
    playTime: { min: game.playTime.min, max: game.playTime.max },
    ...(game.age === undefined ? {} : { age: game.age }),
    credits: game.credits.map((c) => ({ role: c.role, name: c.name })),
  };
}

/** The engine export of one game in one language, as a plain value (see engine-schema.ts). */
export function buildEngineDocument(input: ExportInput): EngineDocument {
  return {
    format: 'pocketpress-engine',
    formatVersion: ENGINE_FORMAT_VERSION,
    game: describeGame(input.game),
    sets: input.sets.map((set) => describeSet(set, input.game.lang)),
    rulebook: { sections: input.sections.map((s) => ({ level: s.level, title: s.title, text: s.text, page: s.page })) },
  };
}
