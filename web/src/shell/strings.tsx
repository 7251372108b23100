/**
 * The interface strings (section 2): loaded from `/get-strings` by the signed-in user's
 * company id (the installation's company when signed out); `t(text)` gives a text in the chosen language, keyed by its English form. The
 * chosen language lasts for the browser session (local storage holds only section 9's keys).
 */
import type { Strings } from '@formsign/sdk';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api } from '../api/client.ts';
import { publicCompanyId } from '../config.ts';
import { useViewer } from '../session/session.tsx';

const languageKey = 'formsign.language';

interface StringsValue {
  languages: Strings['languages'];
  language: string;
  setLanguage(code: string): void;
  t(text: string): string;
}

const english: StringsValue = { languages: [], language: 'en', setLanguage: () => undefined, t: (text) => text };
const StringsContext = createContext<StringsValue>(english);

export function useStrings(): StringsValue {
  return useContext(StringsContext);
}

export function StringsProvider({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const company = viewer?.company || publicCompanyId;
  const [strings, setStrings] = useState<Strings | null>(null);
  const [chosen, setChosen] = useState<string | null>(() => window.sessionStorage.getItem(languageKey));

  useEffect(() => {
    const controller = new AbortController();
    api.strings.get(company, { signal: controller.signal }).then(setStrings, () => setStrings(null));
    return () => controller.abort();
  }, [company]);

  const value = useMemo<StringsValue>(() => {
    if (!strings) return english;
    const language = chosen && strings.strings[chosen] ? chosen : strings.default;
    const table = strings.strings[language] ?? {};
    return {
      languages: strings.languages,
      language,
      setLanguage: (code) => {
        window.sessionStorage.setItem(languageKey, code);
        setChosen(code);
      },
      t: (text) => table[text] ?? text,
    };
  }, [strings, chosen]);

  return <StringsContext.Provider value={value}>{children}</StringsContext.Provider>;
}
