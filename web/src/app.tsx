/** The app: session, strings, notifications, tutorial panel and page title around the router. */
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes/router.tsx';
import { SessionProvider } from './session/session.tsx';
import { Notifications } from './shell/notifications.tsx';
import { PageTitleProvider } from './shell/page-title.tsx';
import { StringsProvider } from './shell/strings.tsx';
import { TutorialPanelProvider } from './shell/tutorial-panel.tsx';

export function App() {
  return (
    <SessionProvider>
      <StringsProvider>
        <Notifications>
          <TutorialPanelProvider>
            <PageTitleProvider>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </PageTitleProvider>
          </TutorialPanelProvider>
        </Notifications>
      </StringsProvider>
    </SessionProvider>
  );
}
