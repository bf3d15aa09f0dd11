import type { Command } from 'commander';
import { suggestGameIcons } from '../shared/icons.js';
import { EXIT, type CliIo } from './io.js';

/** How many names `icons search` lists at most. */
const SHOWN = 60;

/** `pocketpress icons search <word>`: the game-icons.net names that contain the word, and how to use one. */
export function iconsSearchCommand(word: string, io: CliIo): number {
  const found = suggestGameIcons(word.trim().toLowerCase(), SHOWN);
  if (found.length === 0) {
    io.stdout(`no icon name contains "${word}"; browse https://game-icons.net\n`);
    return EXIT.contentErrors;
  }
  const exact = found.filter((name) => name.includes(word.trim().toLowerCase()));
  const list = exact.length > 0 ? exact : found;
  io.stdout(
    (exact.length === 0 ? `no icon name contains "${word}"; the closest:\n` : '') +
      list.map((name) => `game-icons:${name}\n`).join('') +
      `\nUse one in game.yaml:  icons: {${list[0]}: "game-icons:${list[0]}"}\nthen in any text:       :${list[0]}:\n`,
  );
  return EXIT.ok;
}

export function registerIconsCommand(program: Command, io: CliIo, setCode: (code: number) => void): void {
  const icons = program.command('icons').description('find icons of the game-icons.net set (CC BY 3.0) to use in texts and templates');
  icons
    .command('search')
    .description('list the icon names that contain a word, e.g. "pocketpress icons search sword"')
    .argument('<word>', 'a word in English, such as sword, skull or coin')
    .action((word: string) => setCode(iconsSearchCommand(word, io)));
}
