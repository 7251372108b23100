/**
 * Disapproving a form under review (open pending): the reviewer says why, and the form goes
 * back to its sender with that comment. The comment is required; it stays after a failed send.
 */
import { contractLimits } from '@formsign/sdk';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormError } from '../../components/form-error.tsx';

export const commentMaxLength = contractLimits['WebSigningRequest.comment'].maxLength;
export const commentMissing = 'Please say why you are disapproving this form, so the sender can put it right.';

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
      <h2 id="disapprove-title">Disapprove this form</h2>
      <p className="muted">The form goes back to its sender with your comment. Nothing you answered above is sent.</p>
      <div className="field">
        <label htmlFor="disapprove-comment">Why are you disapproving it?</label>
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
          {commentMaxLength - comment.length} characters left
        </span>
        {missing ? (
          <p className="field__error" id="disapprove-comment-error">
            {commentMissing}
          </p>
        ) : null}
      </div>
      <FormError message={sendError} />
      <div className="form-actions signing__actions">
        <button type="submit" className="button button--danger" disabled={busy}>
          {busy ? 'Sending the disapproval…' : 'Send disapproval'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
