/**
 * A small form in a modal dialog (rename a category, change a user's class, edit a group):
 * a native `<dialog>`, so it traps focus and closes on Escape; focus goes back to the control
 * that opened it, whether it closes or is taken off the page.
 * A failed save shows its text inside the dialog and keeps what was typed.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { FormError } from '../../components/form-error.tsx';

export interface FormDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  busy?: boolean;
  error?: string | null;
  /** Shown under the title. */
  description?: ReactNode;
  children: ReactNode;
  onSubmit(): void;
  onClose(): void;
}

export function FormDialog({ open, title, submitLabel, busy = false, error, description, children, onSubmit, onClose }: FormDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const { t } = useLingui();
  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    // The control that opened the dialog; a dialog taken off the page does not give focus back by itself.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    return () => {
      if (element.open) element.close();
      // Back where the person was, when that control is still on the page.
      if (opener?.isConnected && !opener.contains(document.activeElement)) opener.focus();
    };
  }, [open]);
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <dialog ref={dialog} className="dialog card account-dialog" aria-labelledby={`${id}-title`} onCancel={onClose} onClose={() => open && onClose()}>
      {open ? (
        <form onSubmit={submit} noValidate>
          <h2 id={`${id}-title`}>{title}</h2>
          {description ? <div className="account-dialog__description">{description}</div> : null}
          <FormError message={error} />
          {children}
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? t`Saving…` : submitLabel}
            </button>
            <button type="button" className="button button--secondary" onClick={onClose}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
