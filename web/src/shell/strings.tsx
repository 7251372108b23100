/**
 * The interface strings: loaded from `/get-strings` by the signed-in user's
 * company id (the installation's company when signed out); `t(text)` gives a text in the
 * language shown, keyed by its English form. The language choice offers only the languages
 * the interface has (see languages.ts). The chosen language lasts for the browser session
 * (local storage holds only the session's keys, listed in the machines' `storageKeys`).
 * When an administrator changes the company's wording, `showStrings` puts the strings the
 * server answered in place, so the shell speaks the new words at once.
 */
import type { Strings } from '@formsign/sdk';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { api } from '../api/client.ts';
import { useDataGroup } from '../lists/use-data-group.ts';
import { publicCompanyId } from '../config.ts';
import { useViewer } from '../session/session.tsx';
import { offeredLanguages, shownLanguage, translator, type Language } from './languages.ts';

const languageKey = 'formsign.language';

interface StringsValue {
  /** The languages the company's strings hold (its default-language setting offers them). */
  languages: Strings['languages'];
  /** The languages the language choice offers: those the interface has. */
  offered: Language[];
  language: string;
  setLanguage(code: string): void;
  t(text: string): string;
  /** Shows the company's strings as the server answered them after a change. */
  showStrings(strings: Strings): void;
}

const english: StringsValue = {
  languages: [],
  offered: offeredLanguages(null),
  language: 'en',
  setLanguage: () => undefined,
  t: (text) => text,
  showStrings: () => undefined,
};
const StringsContext = createContext<StringsValue>(english);

export function useStrings(): StringsValue {
  return useContext(StringsContext);
}

export function StringsProvider({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const company = viewer?.company || publicCompanyId;
  // A failure leaves the strings empty: the interface stays in English.
  const { data: strings, set: showStrings } = useDataGroup(
    'strings',
    null as Strings | null,
    (id: number, options) => api.strings.get(id, options),
    company,
  );
  const [chosen, setChosen] = useState<string | null>(() => window.sessionStorage.getItem(languageKey));

  const value = useMemo<StringsValue>(() => {
    if (!strings) return { ...english, showStrings };
    const language = shownLanguage(strings, chosen);
    return {
      languages: strings.languages,
      offered: offeredLanguages(strings),
      language,
      setLanguage: (code) => {
        window.sessionStorage.setItem(languageKey, code);
        setChosen(code);
      },
      t: translator(strings, language),
      showStrings,
    };
  }, [strings, chosen, showStrings]);

  return <StringsContext.Provider value={value}>{children}</StringsContext.Provider>;
}
