/** The parts of Tabletop Simulator's saved-object format that pocketpress writes. */

export interface Transform {
  posX: number;
  posY: number;
  posZ: number;
  rotX: number;
  rotY: number;
  rotZ: number;
  scaleX: number;
  scaleY: number;
  scaleZ: number;
}

export interface CustomDeckEntry {
  FaceURL: string;
  BackURL: string;
  NumWidth: number;
  NumHeight: number;
  BackIsHidden: boolean;
  UniqueBack: boolean;
  Type: number;
}

export type ObjectState = Record<string, unknown> & { Name: string; GUID: string; Transform: Transform };

export interface Identity {
  guid: string;
  nickname: string;
  /** Free text for scripts: pocketpress puts the instance id there ("oil#2"). */
  gmNotes?: string;
}

/** A transform at the origin, face up, at `scale` on the table's plane. */
export function transformAt(scale: number, faceDown = false): Transform {
  return { posX: 0, posY: 1, posZ: 0, rotX: 0, rotY: 180, rotZ: faceDown ? 180 : 0, scaleX: scale, scaleY: 1, scaleZ: scale };
}

/** The keys every object has, with the defaults TTS writes itself. */
export function baseObject(name: string, id: Identity, transform: Transform): ObjectState {
  return {
    Name: name,
    GUID: id.guid,
    Nickname: id.nickname,
    Description: '',
    GMNotes: id.gmNotes ?? '',
    Transform: transform,
    ColorDiffuse: { r: 1, g: 1, b: 1 },
    Locked: false,
    Grid: true,
    Snap: true,
    Autoraise: true,
    Sticky: true,
    Tooltip: true,
    LuaScript: '',
    LuaScriptState: '',
    XmlUI: '',
  };
}

export interface CardRequest extends Identity {
  cardId: number;
  deck: CustomDeckEntry;
  sideways: boolean;
  transform: Transform;
}

/** A `Card`: its CardID (sheet key × 100 + cell) and the one CustomDeck entry it comes from. */
export function cardObject(request: CardRequest): ObjectState {
  const key = String(Math.floor(request.cardId / 100));
  return {
    ...baseObject('Card', request, request.transform),
    CardID: request.cardId,
    SidewaysCard: request.sideways,
    HideWhenFaceDown: true,
    Hands: true,
    CustomDeck: { [key]: request.deck },
  };
}

/** A `DeckCustom`: every copy as a contained Card, their ids in DeckIDs, every sheet in CustomDeck. */
export function deckObject(id: Identity, cards: readonly ObjectState[], decks: Record<string, CustomDeckEntry>, transform: Transform): ObjectState {
  return {
    ...baseObject('DeckCustom', id, transform),
    SidewaysCard: Boolean(cards[0]?.['SidewaysCard']),
    HideWhenFaceDown: true,
    Hands: false,
    DeckIDs: cards.map((c) => c['CardID'] as number),
    CustomDeck: decks,
    ContainedObjects: cards,
  };
}
