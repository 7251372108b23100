/**
 * The words of the web app in the language shown. Texts are written in English in the code
 * (Lingui's `t`, `msg`, `plural` and `<Trans>`), and English needs no catalogue: the build
 * keeps each message's English beside its id, compiled (web/scripts/words-plugins.ts). Every
 * other language's catalogue is compiled from its `.po` file at build and fetched in parts
 * (see parts.ts) when a page needs them: only the language shown loads, and only the parts
 * of the pages opened so far. Switching languages fetches the parts in use, then every text
 * changes at once.
 */
import { i18n } from '@lingui/core';
import { partsOfPage, type CataloguePart } from './parts.ts';
import { isLanguageCode, type LanguageCode } from './languages.ts';
import { loadTextWords } from './say-text.ts';

export { i18n };

// Messages arrive compiled (the catalogues by Lingui's plugin, English by ours): no compiler ships.
i18n.setMessagesCompiler((message) => message as unknown as ReturnType<Parameters<typeof i18n.setMessagesCompiler>[0]>);
i18n.load('en', {});
i18n.activate('en');

type Catalogue = () => Promise<{ messages: Record<string, unknown> }>;

const catalogues = import.meta.glob<{ messages: Record<string, unknown> }>(['../locales/*/*.po', '!../locales/en/*.po']);

function catalogue(language: Exclude<LanguageCode, 'en'>, part: CataloguePart): Catalogue {
  const load = catalogues[`../locales/${language}/${part}.po`];
  if (!load) throw new Error(`No catalogue ${language}/${part}.`);
  return load;
}

/** The parts in use: the shell, and those of the pages opened so far. */
const inUse = new Set<CataloguePart>(['shell']);
const loaded = new Map<string, Promise<void>>();

function loadPart(language: LanguageCode, part: CataloguePart): Promise<void> {
  if (language === 'en') return Promise.resolve();
  const key = `${language}/${part}`;
  let loading = loaded.get(key);
  if (!loading) {
    loading = catalogue(language, part)().then(({ messages }) => i18n.load(language, messages as never));
    // A failed fetch is asked again next time.
    loading.catch(() => loaded.delete(key));
    loaded.set(key, loading);
  }
  return loading;
}

/** The language shown now. */
export function shownLanguage(): LanguageCode {
  return isLanguageCode(i18n.locale) ? i18n.locale : 'en';
}

let asked: LanguageCode = 'en';

/** The language shown, or the one being fetched to be shown: what the app's calls ask the server to answer in. */
export function wantedLanguage(): LanguageCode {
  return asked;
}

/**
 * Shows `language`: its parts in use are fetched first, then every text changes at once (a
 * failed fetch leaves the language shown as it was, and rejects).
 */
export async function showLanguage(language: LanguageCode): Promise<void> {
  asked = language;
  // A page opened meanwhile may have put another part in use: fetched too before showing.
  for (let parts = [...inUse]; ; parts = [...inUse]) {
    await Promise.all([...parts.map((part) => loadPart(language, part)), ...(language === 'en' ? [] : [loadTextWords()])]);
    if (parts.length === inUse.size) break;
  }
  // A later choice made while this one loaded wins.
  if (asked === language && i18n.locale !== language) {
    i18n.activate(language);
    document.documentElement.lang = language;
  }
}

/** Fetches the words a page (its chunk's name) shows, in the language shown, before the page is drawn. */
export async function loadWordsOfPage(chunk: string): Promise<void> {
  const parts = partsOfPage(chunk);
  for (const part of parts) inUse.add(part);
  await Promise.all(parts.map((part) => loadPart(shownLanguage(), part)));
}
