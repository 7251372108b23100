/**
 * Disapproving a form under review (open pending): the reviewer says why, and the form goes
 * back to its sender with that comment. The comment is required; it stays after a failed send.
 */
import { contractLimits } from '@formsign/sdk';
import { Plural, Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormError } from '../../components/form-error.tsx';

export const commentMaxLength = contractLimits['WebSigningRequest.comment'].maxLength;

interface DisapprovalFormProps {
  busy: boolean;
  sendError: string | null;
  onSend(comment: string): void;
  onCancel(): void;
}

export function DisapprovalForm({ busy, sendError, onSend, onCancel }: DisapprovalFormProps) {
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  // Said as a plain number ("1000", not a grouped "1,000"), in the hint's plural.
  const left = commentMaxLength - comment.length;

  useEffect(() => field.current?.focus(), []);

  const send = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!comment.trim()) {
      setMissing(true);
      field.current?.focus();
      return;
    }
    setMissing(false);
    onSend(comment.trim());
  };

  return (
    <form id="disapprove-form" className="card signing__disapprove" noValidate onSubmit={send} aria-labelledby="disapprove-title" aria-busy={busy}>
      <h2 id="disapprove-title">
        <Trans>Disapprove this form</Trans>
      </h2>
      <p className="muted">
        <Trans>The form goes back to its sender with your comment. Nothing you answered above is sent.</Trans>
      </p>
      <div className="field">
        <label htmlFor="disapprove-comment">
          <Trans>Why are you disapproving it?</Trans>
        </label>
        <textarea
          id="disapprove-comment"
          ref={field}
          className="textarea"
          value={comment}
          maxLength={commentMaxLength}
          disabled={busy}
          aria-required="true"
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? 'disapprove-comment-error disapprove-comment-hint' : 'disapprove-comment-hint'}
          onChange={(event) => {
            setComment(event.target.value);
            if (event.target.value.trim()) setMissing(false);
          }}
        />
        <span id="disapprove-comment-hint" className="field__hint">
          <Plural value={left} one={`${left} character left`} other={`${left} characters left`} />
        </span>
        {missing ? (
          <p className="field__error" id="disapprove-comment-error">
            <Trans>Please say why you are disapproving this form, so the sender can put it right.</Trans>
          </p>
        ) : null}
      </div>
      <FormError message={sendError} />
      <div className="form-actions signing__actions">
        <button type="submit" className="button button--danger" disabled={busy}>
          {busy ? <Trans>Sending the disapproval…</Trans> : <Trans>Send disapproval</Trans>}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
