/**
 * Asks before something that cannot be undone (deleting a user, a file, a template). A
 * native modal `<dialog>`: it traps focus, closes on Escape and returns focus by itself.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** The other choice's words; Escape chooses it too. */
  cancelLabel?: string;
  /** Styles the confirm button as dangerous. */
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, danger = true, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      // The safe choice has the focus: Enter does not destroy anything.
      cancel.current?.focus();
    }
    if (!open && element.open) element.close();
    if (!open && opener.current) {
      // Back where the person was, when that control is still on the page.
      if (opener.current.isConnected) opener.current.focus();
      opener.current = null;
    }
  }, [open]);
  return (
    <dialog ref={dialog} className="dialog card" aria-labelledby={titleId} onCancel={onCancel} onClose={() => open && onCancel()}>
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="form-actions">
        <button type="button" className={`button${danger ? ' button--danger' : ''}`} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button ref={cancel} type="button" className="button button--secondary" onClick={onCancel}>
          {cancelLabel ?? t`Cancel`}
        </button>
      </div>
    </dialog>
  );
}
