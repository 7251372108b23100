/**
 * The frame every page lives in: top bar, side menu, the page, the
 * tutorial panel and the translation widget, each shown as the current route's row of the
 * route table says. The side menu never shows when logged out. On a narrow screen the side
 * menu is a drawer: the top bar's Menu button opens it over the page, which waits (inert)
 * until it closes.
 */
import { Trans } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useCurrentRoute } from '../routes/current-route.ts';
import { useViewer } from '../session/session.tsx';
import { drawerQuery } from './drawer.ts';
import { useShellExtras } from './shell-extras.ts';
import { usePageTitle } from './page-title.tsx';
import { TopBar } from './top-bar.tsx';
import { TranslationWidget } from './translation-widget.tsx';

/**
 * Whether the side menu is open as a drawer. It is open at the address where it was opened:
 * moving on closes it, as does the screen becoming wide.
 */
function useDrawer(): { open: boolean; show(): void; hide(): void } {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const [openAt, setOpenAt] = useState<string | null>(null);
  useEffect(() => {
    const narrow = window.matchMedia(drawerQuery);
    const onChange = (): void => {
      if (!narrow.matches) setOpenAt(null);
    };
    narrow.addEventListener('change', onChange);
    return () => narrow.removeEventListener('change', onChange);
  }, []);
  return { open: openAt === here, show: useCallback(() => setOpenAt(here), [here]), hide: useCallback(() => setOpenAt(null), []) };
}

export function AppShell() {
  const route = useCurrentRoute();
  const viewer = useViewer();
  const title = usePageTitle(route);
  const drawer = useDrawer();
  // The side menu and the top bar's signed-in actions: only for signed-in people, once the first page has painted.
  const extras = useShellExtras(viewer !== null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const showMenu = route.sideMenu && viewer !== null;
  const translation = route.translation ? <TranslationWidget /> : null;
  const layout = ['app', showMenu ? '' : 'app--no-nav', route.header === 'none' ? 'app--no-header' : ''].filter(Boolean).join(' ');
  const { hide } = drawer;
  // Closed by the person (not by moving on), the focus goes back to the Menu button, once
  // the top bar takes the focus again.
  const focusMenuButton = useRef(false);
  const closeDrawer = useCallback(() => {
    focusMenuButton.current = true;
    hide();
  }, [hide]);
  useEffect(() => {
    if (drawer.open || !focusMenuButton.current) return;
    focusMenuButton.current = false;
    menuButton.current?.focus();
  }, [drawer.open]);
  // While the drawer is open, only the drawer takes the focus and the pointer.
  const waiting = showMenu && drawer.open ? true : undefined;
  return (
    <div className={layout}>
      <a className="skip-link" href="#main" inert={waiting}>
        <Trans>Skip to the page</Trans>
      </a>
      {showMenu && viewer ? (
        extras ? (
          <extras.SideMenu user={viewer} drawerOpen={drawer.open} onCloseDrawer={closeDrawer} />
        ) : (
          // The rail keeps its place until the menu is here.
          <div className="sidenav" aria-hidden="true" />
        )
      ) : null}
      {showMenu && drawer.open ? <div className="drawer-backdrop" aria-hidden="true" onClick={closeDrawer} /> : null}
      {route.header === 'none' ? null : (
        <TopBar
          kind={route.header}
          title={title}
          user={viewer}
          signedInActions={extras?.SignedInActions ?? null}
          translation={translation}
          menu={showMenu ? { open: drawer.open, onOpen: drawer.show } : null}
          menuButtonRef={menuButton}
          inert={waiting}
        />
      )}
      <main id="main" className="app__main" tabIndex={-1} inert={waiting}>
        {route.header === 'none' && translation ? <div className="signing__language">{translation}</div> : null}
        <Outlet />
      </main>
      {extras ? (
        <>
          <extras.TutorialPanel pageKey={route.pageKey} />
          <extras.CompanyDateStyle />
        </>
      ) : null}
    </div>
  );
}
