/**
 * Puts the focus on Cancel when a confirmation opens, so Enter never deletes or discards by
 * accident. (The shared confirmation is a native dialog mounted closed: `showModal()` focuses
 * its first button, the dangerous one, because React's `autoFocus` only acts on mount.)
 */
import { useEffect } from 'react';

export function useCancelFirst(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    const cancel = Array.from(document.querySelectorAll<HTMLButtonElement>('dialog[open] button')).find(
      (button) => button.textContent?.trim() === 'Cancel',
    );
    cancel?.focus();
  }, [open]);
}
