import { useEffect, useRef, type RefObject } from 'react';

/**
 * A `<dialog>` shown as a modal while `open` is true: opening it puts the focus on `first` (the
 * control to answer first), closing it gives the focus back to `opener` (the button that opened
 * it). Returns the ref to give the `<dialog>`.
 */
export function useModal(
  open: boolean,
  first: RefObject<HTMLElement | null>,
  opener: RefObject<HTMLElement | null>,
): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      first.current?.focus();
    }
    if (!open && element.open) {
      element.close();
      opener.current?.focus();
    }
  }, [open, first, opener]);
  return dialog;
}
