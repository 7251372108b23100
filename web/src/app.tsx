/** The app: session, strings, notifications, tutorial panel and page title around the router. */
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './routes/router.tsx';
import { SessionProvider } from './session/session.tsx';
import { Notifications } from './shell/notifications.tsx';
import { PageTitleProvider } from './shell/page-title.tsx';
import { StringsProvider } from './shell/strings.tsx';
import { TutorialPanelProvider } from './shell/tutorial-panel.tsx';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <SessionProvider>
      <StringsProvider>
        <Notifications>
          <TutorialPanelProvider>
            <PageTitleProvider>
              <RouterProvider router={router} />
            </PageTitleProvider>
          </TutorialPanelProvider>
        </Notifications>
      </StringsProvider>
    </SessionProvider>
  );
}
