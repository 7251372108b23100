/**
 * Which languages the language choice offers. A company's strings (`/get-strings`) may hold
 * other languages, but the interface's own texts (every page) are written in English and
 * only the menu, the top bar and the titles go through the strings: choosing German would
 * leave nearly everything in English. So the choice offers only the languages the interface
 * has, English today, in the company's wording when its strings have a table for it (a
 * company may word an entry its own way); a language joins `interfaceLanguages` when every
 * page is translated into it.
 */
import type { Strings } from '@formsign/sdk';

export interface Language {
  code: string;
  name: string;
}

/** The languages the whole interface is written in. */
export const interfaceLanguages: readonly Language[] = [{ code: 'en', name: 'English' }];

/** The languages the language choice offers: the interface's, named as the company names them. */
export function offeredLanguages(strings: Strings | null, interfaceOnes: readonly Language[] = interfaceLanguages): Language[] {
  return interfaceOnes.map((language) => strings?.languages.find((own) => own.code === language.code) ?? language);
}

/** The language shown: the one chosen if offered, else the company's default if offered, else the interface's first. */
export function shownLanguage(strings: Strings | null, chosen: string | null, interfaceOnes: readonly Language[] = interfaceLanguages): string {
  const offered = offeredLanguages(strings, interfaceOnes).map((language) => language.code);
  if (chosen && offered.includes(chosen)) return chosen;
  if (strings && offered.includes(strings.default)) return strings.default;
  return offered[0] ?? 'en';
}

/** Translates an English text with the company's table for `language` (the text itself when it has none). */
export function translator(strings: Strings | null, language: string): (text: string) => string {
  const table = strings?.strings[language] ?? {};
  return (text) => table[text] ?? text;
}
