/** The app: words, session, strings, notifications and page title around the router. */
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { i18n } from './i18n/i18n.ts';
import { AppRoutes } from './routes/router.tsx';
import { SessionProvider } from './session/session.tsx';
import { Notifications } from './shell/notifications.tsx';
import { PageTitleProvider } from './shell/page-title.tsx';
import { StringsProvider } from './shell/strings.tsx';

/** What every page shares, around a router (the browser's, or a fixed address when the build renders the login page). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <SessionProvider>
        <StringsProvider>
          <Notifications>
            <PageTitleProvider>{children}</PageTitleProvider>
          </Notifications>
        </StringsProvider>
      </SessionProvider>
    </I18nProvider>
  );
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
