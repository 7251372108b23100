/**
 * Which language the app shows, and which it offers. It speaks four (`i18n/languages.ts`);
 * the language choice offers them, named as the company's strings name them (a company may
 * call English "English (UK)"). The language shown is the person's own choice, else their
 * organisation's, else the browser's: the choice is kept in a cookie of this browser (also
 * before signing in) and, signed in, on their account, whose choice a sign-in brings to the
 * browser; the organisation's is its strings' default; the browser's is the first of its
 * languages the app speaks.
 */
import type { Strings } from '@formsign/sdk';
import { browserLanguage, isLanguageCode, languageCodes, languageNames, type LanguageCode } from '../i18n/languages.ts';

export interface Language {
  code: string;
  name: string;
}

/** The languages the whole interface is written in, each named in itself. */
export const interfaceLanguages: readonly Language[] = languageCodes.map((code) => ({ code, name: languageNames[code] }));

/** The languages the language choice offers: the interface's, named as the company names them. */
export function offeredLanguages(strings: Strings | null): Language[] {
  return interfaceLanguages.map((language) => strings?.languages.find((own) => own.code === language.code) ?? language);
}

/** What decides the language shown, strongest first. */
export interface LanguageSources {
  /** The person's own choice: kept on their account, or in this browser. */
  chosen: string | null | undefined;
  /** Their organisation's (the strings' default), once known; none when signed out. */
  organisation: string | null | undefined;
  /** The browser's languages, in its order. */
  browser?: readonly string[];
}

/** The language shown: the choice, else the organisation's, else the browser's (each only if the app speaks it). */
export function languageShown({ chosen, organisation, browser }: LanguageSources): LanguageCode {
  if (isLanguageCode(chosen)) return chosen;
  if (isLanguageCode(organisation)) return organisation;
  return browserLanguage(browser);
}

/** The company's own wording of a text in `language`, if it rewords it. */
export function ownWording(strings: Strings | null, language: string, text: string): string | undefined {
  return strings?.strings[language]?.[text];
}

const choiceCookie = 'formsign-language';

/** The language chosen in this browser (a cookie: it is not a key of the session's local storage), if any. */
export function browserChoice(): LanguageCode | null {
  const match = /(?:^|;\s*)formsign-language=([a-z]{2})(?:;|$)/.exec(typeof document === 'undefined' ? '' : document.cookie);
  return isLanguageCode(match?.[1]) ? (match?.[1] ?? null) : null;
}

const choiceListeners = new Set<(language: LanguageCode | null) => void>();

/** Keeps the language chosen in this browser for a year, and tells who shows it. */
export function keepBrowserChoice(language: LanguageCode): void {
  document.cookie = `${choiceCookie}=${language}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
  for (const listener of choiceListeners) listener(language);
}

/** Forgets the language chosen in this browser: the organisation's (or the browser's) is shown again. */
export function forgetBrowserChoice(): void {
  document.cookie = `${choiceCookie}=; path=/; max-age=0; samesite=lax`;
  for (const listener of choiceListeners) listener(null);
}

/** Calls `listener` with each language chosen from now on (null: the choice was forgotten); answers the unsubscribe. */
export function onBrowserChoice(listener: (language: LanguageCode | null) => void): () => void {
  choiceListeners.add(listener);
  return () => choiceListeners.delete(listener);
}

/**
 * The person's own language, as their account keeps it (a sign-in's answer names it when they
 * chose one): it becomes this browser's choice too, so the next visit starts in it.
 */
export function keepAccountChoice(language: string | null | undefined): void {
  if (isLanguageCode(language) && language !== browserChoice()) keepBrowserChoice(language);
}
