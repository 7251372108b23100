/**
 * Puts the focus on Cancel when a confirmation opens, so Enter never deletes or discards by
 * accident. (The shared confirmation is a native dialog mounted closed: `showModal()` focuses
 * its first button, the dangerous one, because React's `autoFocus` only acts on mount.) Cancel
 * is found by its place, the last of the dialog's actions, never by its words, which are in the
 * language shown.
 */
import { useEffect } from 'react';

export function useCancelFirst(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    document.querySelector<HTMLButtonElement>('dialog[open] .form-actions > button:last-child')?.focus();
  }, [open]);
}
