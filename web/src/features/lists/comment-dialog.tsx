/**
 * A decision on a form that carries a comment: sending a pending form back, reviewing a
 * workflow step. A native modal `<dialog>` (focus stays inside, Escape cancels, focus returns
 * by itself). A choice that needs a reason refuses an empty comment in the product's words;
 * a failed send keeps the dialog open with the comment as typed and the failure's text.
 */
import { contractLimits } from '@formsign/sdk';
import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { FormError } from '../../components/form-error.tsx';

/** The contract's limit of a comment. */
export const commentMaxLength = contractLimits['WebSigningRequest.comment'].maxLength;

export interface CommentChoice {
  label: string;
  danger?: boolean;
  /** Whether this choice needs a comment. */
  requiresComment: boolean;
  onChoose(comment: string): void;
}

export interface CommentDialogProps {
  open: boolean;
  title: string;
  /** What the decision is about (the form, its step). */
  children?: ReactNode;
  label: string;
  hint?: string;
  /** The text shown when a choice that needs a comment is made without one. */
  missingComment: string;
  choices: readonly CommentChoice[];
  busy: boolean;
  error: string | null;
  onCancel(): void;
}

export function CommentDialog({ open, title, children, label, hint, missingComment, choices, busy, error, onCancel }: CommentDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const choose = (choice: CommentChoice): void => {
    if (busy) return;
    const text = comment.trim();
    if (choice.requiresComment && !text) {
      setMissing(true);
      field.current?.focus();
      return;
    }
    choice.onChoose(text);
  };

  const describedBy = [hint ? `${id}-hint` : '', missing ? `${id}-missing` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <dialog
      ref={dialog}
      className="dialog dialog--wide card"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      onClose={() => open && onCancel()}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      <div className="field">
        <label htmlFor={`${id}-comment`}>{label}</label>
        <textarea
          ref={field}
          id={`${id}-comment`}
          className="textarea"
          value={comment}
          maxLength={commentMaxLength}
          aria-invalid={missing ? true : undefined}
          aria-describedby={describedBy}
          autoFocus
          onChange={(event) => {
            setComment(event.target.value);
            if (event.target.value.trim()) setMissing(false);
          }}
        />
        {missing ? (
          <span id={`${id}-missing`} className="lists-field-error">
            {missingComment}
          </span>
        ) : null}
        {hint ? (
          <span id={`${id}-hint`} className="field__hint">
            {hint}
          </span>
        ) : null}
        <span className="lists-field-count" aria-hidden="true">
          {comment.length} / {commentMaxLength}
        </span>
      </div>
      <FormError message={error} />
      <div className="form-actions">
        {choices.map((choice) => (
          <button
            key={choice.label}
            type="button"
            className={`button${choice.danger ? ' button--danger' : ''}`}
            aria-disabled={busy}
            onClick={() => choose(choice)}
          >
            {choice.label}
          </button>
        ))}
        <button type="button" className="button button--secondary" aria-disabled={busy} onClick={() => !busy && onCancel()}>
          <Trans>Cancel</Trans>
        </button>
        <span className="muted" role="status">
          {busy ? <Trans>Sending…</Trans> : ''}
        </span>
      </div>
    </dialog>
  );
}
