/**
 * The languages the product speaks, every page, mail and sealed PDF of it (the contract's
 * `Language`), each named in itself as a language choice shows it.
 */
import type { Language } from '@formsign/sdk';

export type LanguageCode = Language;

export const languageCodes: readonly LanguageCode[] = ['en', 'de', 'fr', 'es'];

export const languageNames: Readonly<Record<LanguageCode, string>> = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español' };

export function isLanguageCode(code: string | null | undefined): code is LanguageCode {
  return (languageCodes as readonly (string | null | undefined)[]).includes(code);
}

/** The first of the browser's languages the product speaks (`de-AT` is German), else English. */
export function browserLanguage(preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages): LanguageCode {
  for (const tag of preferred) {
    const code = tag.toLowerCase().split('-')[0];
    if (isLanguageCode(code)) return code;
  }
  return 'en';
}
