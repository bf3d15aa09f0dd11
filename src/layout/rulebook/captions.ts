import { GAME_ICONS_CREDIT } from '../../shared/icons.js';

/** The few words pocketpress itself prints in a rulebook, per language (English for any other). */
export interface Captions {
  players: (min: number, max: number) => string;
  playTime: (min: number, max: number) => string;
  age: (age: number) => string;
  /** "Design: **Ada**" */
  credit: (role: string, name: string) => string;
  /** The CC BY credit of game-icons.net (the cover uses its icons). */
  iconsCredit: string;
  foldTitle: string;
  /** The six folding steps of a PocketMod. */
  foldSteps: readonly [string, string, string, string, string, string];
}

const NBSP = '\u00A0';
const range = (min: number, max: number, to: string) => (min === max ? `${min}` : `${min}${to}${max}`);

const EN: Captions = {
  players: (min, max) => `${range(min, max, '–')} player${max > 1 ? 's' : ''}`,
  playTime: (min, max) => `${range(min, max, '–')}${NBSP}min`,
  age: (age) => `Ages ${age}+`,
  credit: (role, name) => `${role}: ${name}`,
  iconsCredit: GAME_ICONS_CREDIT,
  foldTitle: 'How to fold',
  foldSteps: [
    'Print on one side. Fold along every line, then unfold.',
    'Fold in half, short edges together.',
    'From the fold, cut along the middle line to the next crease.',
    'Unfold, then fold in half lengthwise, print outside.',
    'Push the ends together: the cut opens into a cross.',
    'Fold flat into a booklet, the cover on top.',
  ],
};

const FR: Captions = {
  players: (min, max) => `${range(min, max, ' à ')} joueur${max > 1 ? 's' : ''}`,
  playTime: (min, max) => `${range(min, max, ' à ')}${NBSP}min`,
  age: (age) => `Dès ${age}${NBSP}ans`,
  credit: (role, name) => `${role}${NBSP}: ${name}`,
  iconsCredit: `Icônes${NBSP}: game-icons.net, CC BY 3.0 (https://game-icons.net)`,
  foldTitle: 'Pliage',
  foldSteps: [
    'Imprimez sur une face. Pliez selon chaque ligne, puis dépliez.',
    'Pliez en deux, petits côtés l’un sur l’autre.',
    'Depuis le pli, coupez la ligne du milieu jusqu’au pli suivant.',
    'Dépliez, puis pliez en deux dans la longueur, impression à l’extérieur.',
    `Poussez les extrémités l’une vers l’autre${NBSP}: la fente s’ouvre en croix.`,
    'Aplatissez en livret, la couverture dessus.',
  ],
};

export function captionsFor(lang: string): Captions {
  return lang.split('-')[0] === 'fr' ? FR : EN;
}
