/**
 * The shell's signed-in extras: the side menu and the top bar's signed-in actions (help menu,
 * envelope counter, user), the tutorial panel their help menus open, and the company's date style. They load once the first page the app opened has been painted, so
 * a page's own scripts and data come first on a slow connection; a page that never shows (a
 * failed chunk) lets them load after `shellExtrasAtLatestMs` all the same. They are loaded
 * by hand rather than with React.lazy: under Suspense, React paces what it reveals with its
 * own timers, which a paused clock (the browser tests') never lets fire.
 */
import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import type SideMenu from './side-menu.tsx';
import type SignedInActions from './signed-in-actions.tsx';
import type CompanyDateStyle from './company-date-style.ts';
import type TutorialPanel from './tutorial-panel.tsx';

export const shellExtrasAtLatestMs = 1_500;
/** After a failed download, how long before they are asked for again. */
export const shellExtrasRetryMs = 5_000;

export interface ShellExtras {
  SideMenu: typeof SideMenu;
  SignedInActions: typeof SignedInActions;
  /** The tutorial panel, which the help menus open. */
  TutorialPanel: typeof TutorialPanel;
  /** The company's date style, loaded for a signed-in person and forgotten when they sign out. */
  CompanyDateStyle: typeof CompanyDateStyle;
}

let shown = false;
const listeners = new Set<() => void>();

/** Called by a page once it has rendered. */
export function markPageShown(): void {
  if (shown) return;
  shown = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True from the task after the first page's frame has been painted (or after the time-out). */
function useAfterFirstPage(): boolean {
  const pageShown = useSyncExternalStore(
    subscribe,
    () => shown,
    () => false,
  );
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    if (!pageShown) {
      const timer = window.setTimeout(() => setReady(true), shellExtrasAtLatestMs);
      return () => window.clearTimeout(timer);
    }
    let timer = 0;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => setReady(true), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [pageShown, ready]);
  return ready;
}

let loaded: ShellExtras | null = null;

/** The extras, once loaded (null before, and for signed-out visitors, who have none). */
export function useShellExtras(signedIn: boolean): ShellExtras | null {
  const ready = useAfterFirstPage();
  const [extras, setExtras] = useState<ShellExtras | null>(loaded);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!ready || !signedIn || extras) return;
    let gone = false;
    let retry = 0;
    Promise.all([
      import('./side-menu.tsx'),
      import('./signed-in-actions.tsx'),
      import('./tutorial-panel.tsx'),
      import('./company-date-style.ts'),
    ]).then(
      ([menu, actions, panel, dates]) => {
        const extras = { SideMenu: menu.default, SignedInActions: actions.default, TutorialPanel: panel.default, CompanyDateStyle: dates.default };
        loaded = extras;
        // Rendered in slices: the page the person is looking at stays responsive meanwhile.
        if (!gone) startTransition(() => setExtras(extras));
      },
      () => {
        if (!gone) retry = window.setTimeout(() => setAttempt((count) => count + 1), shellExtrasRetryMs);
      },
    );
    return () => {
      gone = true;
      window.clearTimeout(retry);
    };
  }, [ready, signedIn, extras, attempt]);
  return signedIn ? extras : null;
}
