/**
 * The language shown and the interface strings. The strings are loaded from `/get-strings` by
 * the signed-in user's company id (the installation's company when signed out): the
 * organisation's default language and its own wording of the menu, the titles and the top bar,
 * which comes before the catalogue's (`t(text)`, keyed by the English text). The language shown
 * follows languages.ts: the person's choice (kept in this browser, and on their account once
 * signed in), else their organisation's, else the browser's; a page with a language of its
 * own (a form opened from its link, in the language its sender chose) shows it instead, unless
 * the person chose another on that page (kept for the page while the browser tab lasts). Its
 * words are fetched before the app shows it (i18n.ts), so the page never mixes two languages. When an administrator changes
 * the company's wording, `showStrings` puts the strings the server answered in place.
 */
import type { Strings } from '@formsign/sdk';
import { useLingui } from '@lingui/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api } from '../api/client.ts';
import { showLanguage } from '../i18n/i18n.ts';
import { sayText } from '../i18n/say-text.ts';
import { isLanguageCode, type LanguageCode } from '../i18n/languages.ts';
import { useDataGroup } from '../lists/use-data-group.ts';
import { publicCompanyId } from '../config.ts';
import { useViewer } from '../session/session.tsx';
import { browserChoice, keepBrowserChoice, languageShown, offeredLanguages, onBrowserChoice, ownWording, type Language } from './languages.ts';

interface StringsValue {
  /** The languages the company's strings hold (its default-language setting offers them). */
  languages: Strings['languages'];
  /** The languages the language choice offers: those the interface has. */
  offered: Language[];
  /** The language shown (or being fetched to be shown). */
  language: LanguageCode;
  setLanguage(code: LanguageCode): void;
  /** A text the organisation may reword, in the language shown: its wording, else the catalogue's. */
  t(text: string): string;
  /** Shows the company's strings as the server answered them after a change. */
  showStrings(strings: Strings): void;
  /** A page's own language (a form's), or null when it has none. */
  reportPageLanguage(language: LanguageCode | null): void;
  /** The last language whose words were fetched (or failed to be): the page shows it, or has given up on it. */
  settled: LanguageCode | null;
}

const StringsContext = createContext<StringsValue | null>(null);

export function useStrings(): StringsValue {
  const value = useContext(StringsContext);
  if (!value) throw new Error('useStrings() needs a StringsProvider.');
  return value;
}

/** Where the language a person chose on a page of its own language is kept, for that page. */
const pageChoiceKey = (pathname: string): string => `formsign.language:${pathname}`;

function pageChoice(pathname: string): LanguageCode | null {
  const kept = window.sessionStorage.getItem(pageChoiceKey(pathname));
  return isLanguageCode(kept) ? kept : null;
}

/**
 * Says the page's own language (a form's): it is shown unless the person chooses another on the
 * page. True once the page speaks it (or its words could not be fetched), so a page can wait
 * before it shows itself in place of a first paint that spoke it.
 */
export function usePageLanguage(language: LanguageCode | null | undefined): boolean {
  const { reportPageLanguage, settled } = useStrings();
  useEffect(() => {
    reportPageLanguage(language ?? null);
  }, [language, reportPageLanguage]);
  useEffect(() => () => reportPageLanguage(null), [reportPageLanguage]);
  return !language || settled === (pageChoice(window.location.pathname) ?? language);
}

export function StringsProvider({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const company = viewer?.company || publicCompanyId;
  // A failure leaves the strings empty: the organisation's language and wording are not known.
  const { data: strings, set: showStrings } = useDataGroup(
    'strings',
    null as Strings | null,
    (id: number, options) => api.strings.get(id, options),
    company,
  );
  const [chosen, setChosen] = useState<LanguageCode | null>(browserChoice);
  // A choice made elsewhere (a sign-in bringing the account's, My Account) is shown at once.
  useEffect(() => onBrowserChoice(setChosen), []);
  const [page, setPage] = useState<{ language: LanguageCode | null; chosen: LanguageCode | null }>({ language: null, chosen: null });
  // Stable, so the page that reports its language reports it once.
  const reportPageLanguage = useCallback(
    (own: LanguageCode | null) =>
      setPage((before) => (before.language === own ? before : { language: own, chosen: own ? pageChoice(window.location.pathname) : null })),
    [],
  );
  const language = page.language ? (page.chosen ?? page.language) : languageShown({ chosen, organisation: viewer ? strings?.default : null });
  // The words come before the language is shown; a failed fetch keeps the language shown before.
  const [settled, setSettled] = useState<LanguageCode | null>(null);
  useEffect(() => {
    let current = true;
    void showLanguage(language)
      .catch(() => undefined)
      .finally(() => current && setSettled(language));
    return () => {
      current = false;
    };
  }, [language]);
  // Every text said below follows the language the catalogue shows.
  const shown = useLingui().i18n.locale;

  const value = useMemo<StringsValue>(
    () => ({
      languages: strings?.languages ?? [],
      offered: offeredLanguages(strings),
      language,
      setLanguage: (code) => {
        if (page.language) {
          window.sessionStorage.setItem(pageChoiceKey(window.location.pathname), code);
          setPage({ ...page, chosen: code });
          return;
        }
        keepBrowserChoice(code);
        // Signed in, the choice is the account's too: its mails, and the next sign-in elsewhere, follow it.
        // (A failure leaves the choice in this browser; the account keeps its own.)
        if (viewer) void import('./save-language.ts').then(({ saveLanguage }) => saveLanguage(code)).catch(() => undefined);
      },
      reportPageLanguage,
      settled,
      // The catalogue's words of a text it may reword load with a language other than English (say-text.ts).
      t: (text) => ownWording(strings, shown, text) ?? sayText(text),
      showStrings,
    }),
    [strings, language, shown, showStrings, page, reportPageLanguage, settled, viewer],
  );

  return <StringsContext.Provider value={value}>{children}</StringsContext.Provider>;
}
