/**
 * The frame every page lives in (sections 1 and 2): top bar, side menu, the page, the
 * tutorial panel and the translation widget, each shown as the current route's row of the
 * route table says. The side menu never shows when logged out.
 */
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useCurrentRoute } from '../routes/current-route.ts';
import { useViewer } from '../session/session.tsx';
import { usePageTitle } from './page-title.tsx';
import { TopBar } from './top-bar.tsx';
import { TranslationWidget } from './translation-widget.tsx';
import { TutorialPanel, useTutorialPanelPage } from './tutorial-panel.tsx';

// The side menu loads only for signed-in people.
const SideMenu = lazy(() => import('./side-menu.tsx'));

export function AppShell() {
  const route = useCurrentRoute();
  const viewer = useViewer();
  const title = usePageTitle(route);
  useTutorialPanelPage(route.pageKey);
  const showMenu = route.sideMenu && viewer !== null;
  const translation = route.translation ? <TranslationWidget /> : null;
  const layout = ['app', showMenu ? '' : 'app--no-nav', route.header === 'none' ? 'app--no-header' : ''].filter(Boolean).join(' ');
  return (
    <div className={layout}>
      <a className="skip-link" href="#main">
        Skip to the page
      </a>
      {showMenu && viewer ? (
        <Suspense fallback={<div className="sidenav" aria-hidden="true" />}>
          <SideMenu user={viewer} />
        </Suspense>
      ) : null}
      {route.header === 'none' ? null : <TopBar kind={route.header} title={title} user={viewer} translation={translation} />}
      <main id="main" className="app__main" tabIndex={-1}>
        {route.header === 'none' && translation ? <div className="signing__language">{translation}</div> : null}
        <Outlet />
      </main>
      <TutorialPanel />
    </div>
  );
}
