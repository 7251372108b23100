/**
 * Asks before leaving a template step with changes that are not saved. Following a link to
 * another page (the step's own links, the side menu, the top bar) opens a confirmation; once
 * the person chooses to leave, the same link is followed as it would have been. Closing or
 * reloading the tab asks through the browser's own prompt.
 */
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useCancelFirst } from './cancel-first.ts';

/** The link a click follows to another page of this site, or null. */
function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  return url.origin === window.location.origin && url.pathname !== window.location.pathname ? anchor : null;
}

export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const [pending, setPending] = useState<HTMLAnchorElement | null>(null);
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
      setPending(anchor);
    };
    const onUnload = (event: BeforeUnloadEvent): void => {
      if (!leaving.current) event.preventDefault();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [when]);

  const leave = (): void => {
    const anchor = pending;
    setPending(null);
    if (!anchor) return;
    // Followed once the dialog has closed, as the person first asked; nothing asks again.
    leaving.current = true;
    window.setTimeout(() => anchor.click());
  };

  return (
    <ConfirmDialog open={pending !== null} title="Leave without saving?" confirmLabel="Leave and lose the changes" onConfirm={leave} onCancel={() => setPending(null)}>
      <p>The changes you made on this step are not saved. Stay to save them, or leave and lose them.</p>
    </ConfirmDialog>
  );
}
