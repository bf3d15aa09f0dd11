/** The files of the small game `pocketpress init` writes, by path inside the game folder. */
export function starterFiles(options: { id: string; schemaDir: string }): Record<string, string> {
  const schema = (name: string, depth: number) =>
    `# yaml-language-server: $schema=${'../'.repeat(depth)}${options.schemaDir}/${name}.schema.json\n`;
  return {
    'game.yaml':
      schema('game', 0) +
      `id: ${options.id}
title:
  en: My Pocket Game
  fr: Mon jeu de poche
subtitle:
  en: A game to print, cut and play
  fr: Un jeu à imprimer, découper et jouer
languages: [en, fr]
sourceLanguage: en
players: {min: 1, max: 2}
playTime: {min: 10, max: 20}
age: 8
credits:
  - role: {en: Design, fr: Conception}
    name: Your Name
palette:
  ink: "#1d1b19"
  paper: "#f4ecd8"
  accent: "#8a1c1c"
icons:
  lantern: game-icons:lantern-flame
  sword: game-icons:broadsword
sets:
  - sets/cards.yaml
rulebook:
  imposition: pocketmod
`,
    'sets/cards.yaml':
      schema('set', 1) +
      `id: cards
kind: cards
name: {en: Cards, fr: Cartes}
size: poker
front: card-front
back: card-back
fields:
  type: object
  properties:
    name: {$ref: "#/$defs/text"}
    power: {type: integer, minimum: 0, maximum: 9}
    icon: {type: string, description: an icon name from game.yaml}
    text: {$ref: "#/$defs/text"}
  required: [name, power]
items:
  - id: lantern
    count: 2
    name: {en: Lantern, fr: Lanterne}
    power: 1
    icon: lantern
    text: {en: "Look at the top card of the deck.", fr: "Regardez la carte du dessus de la pioche."}
  - id: sword
    name: {en: Sword, fr: Épée}
    power: 3
    icon: sword
    text: {en: "Add **2** to your attack.", fr: "Ajoutez **2** à votre attaque."}
`,
    'templates/card-front.yaml':
      schema('template', 1) +
      `description: The face of a card, with its name, its power and its text.
safe: 3mm
background: paper
elements:
  - type: rect
    name: frame
    x: 3mm
    y: 3mm
    width: 57mm
    height: 82mm
    radius: 2mm
    stroke: ink
    strokeWidth: 0.5mm
  - type: text
    name: title
    text: "{{item.name}}"
    x: 6mm
    y: 6mm
    width: 40mm
    height: 10mm
    size: 14
    weight: bold
    color: ink
  - type: ellipse
    x: 47mm
    y: 5mm
    width: 11mm
    height: 11mm
    fill: accent
  - type: text
    text: "{{item.power}}"
    x: 47mm
    y: 5mm
    width: 11mm
    height: 11mm
    size: 16
    weight: bold
    color: white
    align: center
    valign: middle
  - type: text
    name: picture
    when: item.icon
    text: ":{{item.icon}}:"
    x: 6mm
    y: 18mm
    width: 51mm
    height: 30mm
    size: 64
    lineHeight: 1
    color: accent
    align: center
    valign: middle
  - type: text
    name: body
    when: item.text
    text: "{{item.text}}"
    x: 6mm
    y: 50mm
    width: 51mm
    height: 30mm
    size: 10
    minSize: 7
    color: ink
    align: center
    valign: middle
`,
    'templates/card-back.yaml':
      schema('template', 1) +
      `description: The back every card shares.
background: accent
elements:
  - type: rect
    x: 4mm
    y: 4mm
    width: 55mm
    height: 80mm
    radius: 2mm
    stroke: paper
    strokeWidth: 0.75mm
  - type: text
    text: "{{game.title}}"
    x: 6mm
    y: 6mm
    width: 51mm
    height: 76mm
    size: 18
    weight: bold
    color: paper
    align: center
    valign: middle
`,
    'rules/en.md': `# My Pocket Game

## Goal

Collect the strongest hand before the deck runs out.

## Setup

Shuffle the cards and deal **three** to each player.

## Playing

On your turn, draw a card and play one. The player with the highest total power wins.
`,
    'rules/fr.md': `# Mon jeu de poche

## But du jeu

Réunissez la main la plus forte avant que la pioche ne s’épuise.

## Mise en place

Mélangez les cartes et distribuez-en **trois** à chaque joueur.

## Déroulement

À votre tour, piochez une carte et jouez-en une. Le joueur qui totalise la plus grande puissance gagne.
`,
  };
}
