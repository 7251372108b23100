/**
 * Declining a form from its link (designed): the signer says why, the form stops and its
 * sender is emailed the reason. The button sits with the form's other actions and opens a
 * dialog; the reason is required and stays after a failed decline. Also what a stopped form's
 * link shows: who declined it (or sent it back) and why.
 */
import { contractLimits, type SigningForm } from '@formsign/sdk';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { FormError } from '../../components/form-error.tsx';
import { useModal } from '../../components/use-modal.ts';

export const declineReasonMaxLength = contractLimits['WebSigningRequest.comment'].maxLength;

interface DeclineFormProps {
  busy: boolean;
  /** A decline is on its way. */
  declining: boolean;
  declineError: string | null;
  /** The reason sent last (kept when the decline failed). */
  reason: string;
  onDecline(reason: string): void;
}

export function DeclineForm({ busy, declining, declineError, reason: sentReason, onDecline }: DeclineFormProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState(sentReason);
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const dialog = useModal(open, field, opener);
  const titleId = useId();
  const fieldId = useId();
  const { t } = useLingui();
  // Said as a plain number ("1000", not a grouped "1,000"), in the hint's plural.
  const left = declineReasonMaxLength - reason.length;

  const send = (): void => {
    if (!reason.trim()) {
      setMissing(true);
      field.current?.focus();
      return;
    }
    setMissing(false);
    setOpen(false);
    onDecline(reason.trim());
  };

  return (
    <>
      {/* A failed decline says why beside its button; the dialog opens again with the reason kept. */}
      <FormError message={declineError} />
      <button ref={opener} type="button" className="button button--ghost" disabled={busy || declining} onClick={() => setOpen(true)}>
        {declining ? t`Declining…` : t`Decline to sign…`}
      </button>
      <dialog ref={dialog} className="dialog card" aria-labelledby={titleId} onCancel={() => setOpen(false)} onClose={() => setOpen(false)}>
        {/* Not a form of its own: it sits within the answers' form, and a nested form's submit would reach that one. */}
        <div>
          <h2 id={titleId}>
            <Trans>Decline to sign this form?</Trans>
          </h2>
          <p className="muted">
            <Trans>The form stops here: no one else is asked to sign it, and its sender is emailed your reason so they can put it right.</Trans>
          </p>
          <div className="field">
            <label htmlFor={fieldId}>
              <Trans>Why do you decline?</Trans>
            </label>
            <textarea
              id={fieldId}
              ref={field}
              className="textarea"
              value={reason}
              maxLength={declineReasonMaxLength}
              aria-required="true"
              aria-invalid={missing ? true : undefined}
              aria-describedby={missing ? `${fieldId}-error ${fieldId}-hint` : `${fieldId}-hint`}
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim()) setMissing(false);
              }}
            />
            <span id={`${fieldId}-hint`} className="field__hint">
              <Plural value={left} one={`${left} character left`} other={`${left} characters left`} />
            </span>
            {missing ? (
              <p className="field__error" id={`${fieldId}-error`}>
                <Trans>Please say why you decline to sign, so the sender can put it right.</Trans>
              </p>
            ) : null}
          </div>
          <div className="form-actions">
            <button type="button" className="button button--danger" onClick={send}>
              <Trans>Decline the form</Trans>
            </button>
            <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}

/** What the link of a form stopped by one of its recipients shows: who, and why; there is nothing to do. */
export function StoppedNotice({ form }: { form: SigningForm }) {
  const { t } = useLingui();
  const by = form.stopped;
  const declined = form.status === 'declined';
  const name = by?.name;
  const reason = by?.reason;
  const said = by ? (declined ? t`Declined by ${name}: ${reason}` : t`Sent back by ${name}: ${reason}`) : declined ? t`Declined.` : t`Sent back.`;
  return (
    <div className="alert alert--info" role="status">
      <div className="alert__body">
        <p>
          <strong>{said}</strong>
        </p>
        <p>
          <Trans>The form has stopped and gone back to its sender. There is nothing more to do here until they send it again.</Trans>
        </p>
      </div>
    </div>
  );
}

export const isStopped = (form: SigningForm): boolean => form.status === 'declined' || form.status === 'disapproved';
