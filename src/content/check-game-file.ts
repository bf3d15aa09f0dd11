import { didYouMean } from '../diagnostics/did-you-mean.js';
import path from 'node:path';
import { checkAgainstSchema } from './check-schema.js';
import { checkMarks } from './check-marks.js';
import type { LoadedYaml } from './load-yaml.js';
import type { Report } from './model.js';
import { idFromFolder } from './ids.js';
import { checkGamePath, resolvePackageFile } from '../shared/game-paths.js';
import { findGameIcon, suggestGameIcons } from '../shared/icons.js';
import { probeFont } from '../shared/fonts.js';
import { checkRulebookBudget } from './check-rulebook-budget.js';
import type { Game } from './schema/game.js';
import { diagnosticAt } from './source.js';
import { toPointer } from '../shared/json-pointer.js';
import { coreValidators } from './validators.js';

export interface GameFileCheck {
  game?: Game;
  /** The languages to check translations in. */
  languages: string[];
  /** The languages the game declares. */
  declared: string[];
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function declaredLanguages(data: Record<string, unknown> | undefined): string[] {
  const langs = data?.['languages'];
  return Array.isArray(langs) ? langs.filter((l): l is string => typeof l === 'string') : [];
}

/** Checks game.yaml on its own: schema, translations, ranges, fonts and rulebook sources. */
export function checkGameFile(
  loaded: LoadedYaml,
  gameDir: string,
  options: { onlyLanguages?: readonly string[]; report: Report },
): GameFileCheck {
  const { report } = options;
  const at = (pointer: string, code: string, message: string, severity: 'error' | 'warning' = 'error') =>
    report(diagnosticAt(loaded.file, loaded.doc, { code, message, pointer, severity }));
  const data = asRecord(loaded.data);
  if (loaded.data !== undefined && !data) {
    at('', 'wrong-type', 'game.yaml must be a map of keys (id, title, languages, …), not a list or a single value');
    return { languages: [], declared: [] };
  }
  const declared = declaredLanguages(data);
  const languages = options.onlyLanguages ? declared.filter((l) => options.onlyLanguages!.includes(l)) : declared;
  if (!data) return { languages, declared };

  const { valid, marks } = checkAgainstSchema(loaded, coreValidators().game, data, report);
  checkMarks(loaded, marks, { gameDir, languages, declared, report });

  const folder = path.basename(gameDir);
  if (typeof data['id'] === 'string' && data['id'] !== folder && data['id'] !== idFromFolder(folder)) {
    at('/id', 'id-mismatch', `the game id "${data['id']}" differs from its folder name "${folder}"; output goes to out/${data['id']}/`, 'warning');
  }
  const source = data['sourceLanguage'];
  if (typeof source === 'string' && declared.length > 0 && !declared.includes(source)) {
    at('/sourceLanguage', 'bad-value', `the source language "${source}" is not among the game's languages (${declared.join(', ')})`);
  }
  for (const key of ['players', 'playTime'] as const) {
    const range = asRecord(data[key]);
    if (range && typeof range['min'] === 'number' && typeof range['max'] === 'number' && range['min'] > range['max']) {
      at(`/${key}/max`, 'out-of-range', `max (${range['max']}) is smaller than min (${range['min']})`);
    }
  }
  const fonts = asRecord(data['fonts']);
  for (const [family, styles] of Object.entries(fonts ?? {})) {
    for (const [style, file] of Object.entries(asRecord(styles) ?? {})) {
      if (typeof file !== 'string') continue;
      const pointer = toPointer(['fonts', family, style]);
      let absolute: string | undefined;
      if (file.startsWith('npm:')) {
        absolute = resolvePackageFile(file.slice(4), [gameDir]);
        if (!absolute) at(pointer, 'missing-file', `no installed package file "${file.slice(4)}"; install the package (npm install) or fix the path`);
      } else {
        const check = checkGamePath(gameDir, file);
        if (!check.ok) at(pointer, check.code, check.message);
        else absolute = check.absolute;
      }
      if (absolute && !/\.woff2$/i.test(file)) {
        try {
          probeFont(absolute);
        } catch {
          at(pointer, 'bad-font', `"${file}" cannot be read as a font (the file is damaged, cut short, or not a font); use a complete .woff, .ttf or .otf file`);
        }
      }
      if (/\.woff2$/i.test(file)) {
        at(pointer, 'unsupported-font', 'WOFF2 fonts break PDF subsetting; use the .woff or .ttf file of the same font');
      }
    }
  }
  for (const [name, written] of Object.entries(asRecord(data['icons']) ?? {})) {
    if (typeof written !== 'string') continue;
    const pointer = toPointer(['icons', name]);
    if (written.startsWith('game-icons:')) {
      const icon = written.slice('game-icons:'.length);
      if (!findGameIcon(icon)) {
        const close = suggestGameIcons(icon);
        at(pointer, 'unknown-icon', `the game-icons set has no icon "${icon}"${close.length > 0 ? `; close names: ${close.join(', ')}` : ''}`);
      }
    } else if (/\.svg$/i.test(written)) {
      const check = checkGamePath(gameDir, written);
      if (!check.ok) at(pointer, check.code, check.message);
    }
  }
  const palette = asRecord(data['palette']) ?? {};
  for (const name of Object.keys(asRecord(data['inkSaver']) ?? {})) {
    if (Object.hasOwn(palette, name)) continue;
    const message = `inkSaver gives a low-ink colour to "${name}", which the palette does not name${didYouMean(name, Object.keys(palette))}`;
    report(diagnosticAt(loaded.file, loaded.doc, { code: 'unknown-color', message, pointer: toPointer(['inkSaver', name]), target: 'key' }));
  }
  const rulebook = asRecord(data['rulebook']);
  if (rulebook) {
    const sources = asRecord(rulebook['sources']) ?? {};
    for (const lang of declared) {
      const named = sources[lang];
      const written = typeof named === 'string' ? named : `rules/${lang}.md`;
      const check = checkGamePath(gameDir, written);
      if (check.ok) for (const d of checkRulebookBudget(check.absolute)) report(d);
      if (typeof named === 'string') continue;
      if (!check.ok) report(diagnosticAt(loaded.file, loaded.doc, { code: check.code, message: `the ${lang} rulebook: ${check.message} (or name it under rulebook.sources.${lang})`, pointer: '/rulebook', target: 'owner' }));
    }
  }
  return { game: valid ? (data as unknown as Game) : undefined, languages, declared };
}
