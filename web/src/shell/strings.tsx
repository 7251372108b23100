/**
 * The interface strings: loaded from `/get-strings` by the signed-in user's
 * company id (the installation's company when signed out); `t(text)` gives a text in the
 * language shown, keyed by its English form. The language choice offers only the languages
 * the interface has (see languages.ts). The chosen language lasts for the browser session
 * (local storage holds only the session's keys, listed in the machines' `storageKeys`).
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
}

const english: StringsValue = { languages: [], offered: offeredLanguages(null), language: 'en', setLanguage: () => undefined, t: (text) => text };
const StringsContext = createContext<StringsValue>(english);

export function useStrings(): StringsValue {
  return useContext(StringsContext);
}

export function StringsProvider({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const company = viewer?.company || publicCompanyId;
  // A failure leaves the strings empty: the interface stays in English.
  const strings = useDataGroup('strings', null as Strings | null, (id: number, options) => api.strings.get(id, options), company).data;
  const [chosen, setChosen] = useState<string | null>(() => window.sessionStorage.getItem(languageKey));

  const value = useMemo<StringsValue>(() => {
    if (!strings) return english;
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
    };
  }, [strings, chosen]);

  return <StringsContext.Provider value={value}>{children}</StringsContext.Provider>;
}
