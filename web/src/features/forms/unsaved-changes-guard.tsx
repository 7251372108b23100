/**
 * Asks before leaving a template step with changes that are not saved. Following a link to
 * another page (the step's own links, the side menu, the top bar) or going back or forward
 * through the history opens a confirmation; once the person chooses to leave, the same link
 * is followed, or the same history entry reached, as it would have been. Closing or reloading
 * the tab asks through the browser's own prompt.
 *
 * Back and forward are caught through the Navigation API's `navigate` event (Chrome 102,
 * Firefox 147, Safari 26.2), since the router in use has no blocker; a browser without it
 * leaves them unguarded.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useCancelFirst } from './cancel-first.ts';

/** The parts of the Navigation API used here (not yet in TypeScript's DOM library). */
interface NavigateEventLike extends Event {
  readonly navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  readonly destination: { readonly key: string; readonly url: string };
}
interface NavigationLike extends EventTarget {
  traverseTo(key: string): unknown;
}

function browserNavigation(): NavigationLike | undefined {
  return (window as Window & { navigation?: NavigationLike }).navigation;
}

/** Where leaving would take the person: a link to follow, or a history entry to go back or forward to. */
type Leaving = { anchor: HTMLAnchorElement } | { entry: string };

/** The link a click follows to another page of this site, or null. */
function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  return url.origin === window.location.origin && url.pathname !== window.location.pathname ? anchor : null;
}

export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useLingui();
  const [pending, setPending] = useState<Leaving | null>(null);
  const leaving = useRef(false);
  useCancelFirst(pending !== null);

  useEffect(() => {
    if (!when) return;
    const onClick = (event: MouseEvent): void => {
      if (leaving.current) return;
      const anchor = leavingLink(event);
      if (!anchor) return;
      // Captured before the router's own handler, which then leaves the click alone.
      event.preventDefault();
      setPending({ anchor });
    };
    const onNavigate = (event: Event): void => {
      const { navigationType, destination, cancelable } = event as NavigateEventLike;
      if (leaving.current || navigationType !== 'traverse' || !cancelable) return;
      if (new URL(destination.url).pathname === window.location.pathname) return;
      event.preventDefault();
      setPending({ entry: destination.key });
    };
    const navigation = browserNavigation();
    const onUnload = (event: BeforeUnloadEvent): void => {
      if (!leaving.current) event.preventDefault();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onUnload);
    navigation?.addEventListener('navigate', onNavigate);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onUnload);
      navigation?.removeEventListener('navigate', onNavigate);
    };
  }, [when]);

  const leave = (): void => {
    const target = pending;
    setPending(null);
    if (!target) return;
    // Followed once the dialog has closed, as the person first asked; nothing asks again.
    leaving.current = true;
    window.setTimeout(() => {
      if ('anchor' in target) target.anchor.click();
      else browserNavigation()?.traverseTo(target.entry);
    });
  };

  return (
    <ConfirmDialog
      open={pending !== null}
      title={t`Leave without saving?`}
      confirmLabel={t`Leave and lose the changes`}
      onConfirm={leave}
      onCancel={() => setPending(null)}
    >
      <p>
        <Trans>The changes you made on this step are not saved. Stay to save them, or leave and lose them.</Trans>
      </p>
    </ConfirmDialog>
  );
}
