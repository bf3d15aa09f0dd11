import type { ResolvedGame, ResolvedItem, ResolvedSet, ResolvedTemplate } from '../../resolve/model.js';
import type { DisplayList, FontFace, TextItem } from '../../shared/display-list.js';
import type { IconResolver } from '../../shared/icons.js';
import { bindingRoots } from './reads.js';
import { evaluateColor } from './evaluate-color.js';
import type { FaceContext, TextSource } from './context.js';
import type { ImagePlace, LayoutProblem } from '../../shared/problem.js';
import { evaluateElement } from './evaluate-template.js';
import { round } from './geometry.js';

export interface FaceRequest {
  game: ResolvedGame;
  set: ResolvedSet;
  template: ResolvedTemplate;
  /** The item shown; absent for a back shared by every item. */
  item?: ResolvedItem;
  icons: IconResolver;
  report: (problem: LayoutProblem) => void;
  /** Collects the image files the face draws. */
  images?: Map<string, ImagePlace>;
  /** Collects which template element each text comes from. */
  texts?: Map<TextItem, TextSource>;
}

/** What templates read of the game. */
export function gameScope(game: ResolvedGame) {
  return {
    id: game.id,
    title: game.title,
    subtitle: game.subtitle,
    description: game.description,
    players: game.players,
    playTime: game.playTime,
    age: game.age,
  };
}

/** Lays out one face of one component: its template evaluated for its item, as a display list. */
export function evaluateFace(request: FaceRequest): DisplayList {
  const { game, set, template, item } = request;
  const fonts: Record<string, FontFace> = {};
  const base: FaceContext = {
    game,
    set,
    icons: request.icons,
    scope: { item: item?.fields ?? {}, game: gameScope(game), set: { id: set.id, name: set.name, kind: set.kind }, lang: game.lang, strings: game.strings },
    pointers: item ? { item: `/items/${item.index}` } : {},
    width: set.width,
    height: set.height,
    unit: 'mm',
    safe: template.safe,
    origin: { x: 0, y: 0 },
    file: template.files[0] ?? '',
    pointer: '',
    fonts,
    images: request.images,
    texts: request.texts,
    report: request.report,
  };
  const items = template.elements.flatMap(({ element, unit, file, pointer }) => evaluateElement(element, { ...base, unit, file, pointer }));
  const background = evaluateColor(template.background, { ...base, pointer: '' }, 'background');
  return {
    width: round(set.width),
    height: round(set.height),
    bleed: round(set.bleed),
    ...(background ? { background } : {}),
    items,
    fonts,
  };
}

/** True when a template shows something of the item, so each item needs its own face. */
export function templateReadsItem(template: ResolvedTemplate): boolean {
  return template.elements.some(({ element }) => bindingRoots(element).has('item'));
}
