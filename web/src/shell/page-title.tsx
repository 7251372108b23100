/**
 * The page title: the signing form's title, the form-creation title, or the menu
 * entry's name (else the route's own title), translated with the loaded strings. Pages that
 * load a form report its title with `useReportedTitle(title)`.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { RouteEntry } from '../routes/route-table.ts';
import { useStrings } from './strings.tsx';

interface TitleValue {
  reported: string | null;
  report(title: string | null): void;
}

const TitleContext = createContext<TitleValue>({ reported: null, report: () => undefined });

export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [reported, report] = useState<string | null>(null);
  return <TitleContext.Provider value={{ reported, report }}>{children}</TitleContext.Provider>;
}

/** A page's own title: the form being signed or created. Cleared when the page goes. */
export function useReportedTitle(title: string | null | undefined): void {
  const { report } = useContext(TitleContext);
  useEffect(() => {
    report(title || null);
    return () => report(null);
  }, [title, report]);
}

/** The untranslated title of a route. */
export function titleOf(route: RouteEntry, reported: string | null): string {
  switch (route.title.from) {
    case 'menu':
      return route.menu[0]?.name ?? '';
    case 'text':
      return route.title.text;
    case 'signing-form':
    case 'form-creation':
      return reported ?? route.title.fallback;
  }
}

export function usePageTitle(route: RouteEntry): string {
  const { reported } = useContext(TitleContext);
  const { t } = useStrings();
  const title = t(titleOf(route, reported));
  useEffect(() => {
    document.title = title ? `${title} · formsign` : 'formsign';
  }, [title]);
  return title;
}
