/**
 * Handing a place on to someone else from its link (designed), where the form's sender allows
 * it: the name and email address of the person who should sign instead, and why. The button
 * sits with the form's other actions and opens a dialog; what was typed stays after a refused
 * hand-over, which says why beside the button.
 */
import { contractLimits, emailPattern } from '@formsign/sdk';
import type { SigningDelegate } from '@formsign/machines';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { FormError } from '../../components/form-error.tsx';
import { useModal } from '../../components/use-modal.ts';

const limits = {
  name: contractLimits['WebSigningRequest.delegate.name'].maxLength,
  email: contractLimits['WebSigningRequest.delegate.email'].maxLength,
  reason: contractLimits['WebSigningRequest.delegate.reason'].maxLength,
};

export const delegateProblems: Record<'name' | 'email' | 'reason', MessageDescriptor> = {
  name: msg`Please give the name of the person who should sign instead of you.`,
  email: msg`Please give the email address of the person who should sign instead of you, such as name@example.com.`,
  reason: msg`Please say why someone else should sign: the sender and the new person will read it.`,
};

type Part = keyof typeof delegateProblems;

/** What is missing or wrong in what was typed, part by part. */
function problemsOf(delegate: SigningDelegate): Partial<Record<Part, MessageDescriptor>> {
  return {
    ...(delegate.name.trim() ? {} : { name: delegateProblems.name }),
    ...(emailPattern.test(delegate.email.trim()) ? {} : { email: delegateProblems.email }),
    ...(delegate.reason.trim() ? {} : { reason: delegateProblems.reason }),
  };
}

interface DelegateFormProps {
  busy: boolean;
  /** A hand-over is on its way. */
  delegating: boolean;
  delegateError: string | null;
  /** What was sent last (kept when the hand-over was refused). */
  delegate: SigningDelegate | null;
  onDelegate(delegate: SigningDelegate): void;
}

export function DelegateForm({ busy, delegating, delegateError, delegate: sent, onDelegate }: DelegateFormProps) {
  const [open, setOpen] = useState(false);
  const [delegate, setDelegate] = useState<SigningDelegate>(sent ?? { name: '', email: '', reason: '' });
  const [problems, setProblems] = useState<Partial<Record<Part, MessageDescriptor>>>({});
  const first = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const dialog = useModal(open, first, opener);
  const id = useId();
  const { t, i18n } = useLingui();
  // Said as a plain number ("1000", not a grouped "1,000"), in the hint's plural.
  const left = limits.reason - delegate.reason.length;

  const change = (part: Part, value: string): void => {
    setDelegate((current) => ({ ...current, [part]: value }));
    setProblems((current) => {
      const { [part]: _cleared, ...rest } = current;
      return rest;
    });
  };

  const send = (): void => {
    const found = problemsOf(delegate);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      const part = (['name', 'email', 'reason'] as const).find((key) => found[key]);
      document.getElementById(`${id}-${part ?? 'name'}`)?.focus();
      return;
    }
    setOpen(false);
    onDelegate({ name: delegate.name.trim(), email: delegate.email.trim(), reason: delegate.reason.trim() });
  };

  const describedBy = (part: Part, hint?: string): string | undefined =>
    [problems[part] ? `${id}-${part}-error` : '', hint ?? ''].filter(Boolean).join(' ') || undefined;
  const problem = (part: Part) => {
    const found = problems[part];
    return found ? (
      <p className="field__error" id={`${id}-${part}-error`}>
        {i18n._(found)}
      </p>
    ) : null;
  };

  return (
    <>
      <FormError message={delegateError} />
      <button ref={opener} type="button" className="button button--ghost" disabled={busy || delegating} onClick={() => setOpen(true)}>
        {delegating ? t`Handing on…` : t`Someone else should sign this…`}
      </button>
      <dialog ref={dialog} className="dialog card" aria-labelledby={`${id}-title`} onCancel={() => setOpen(false)} onClose={() => setOpen(false)}>
        {/* Not a form of its own: it sits within the answers' form, and a nested form's submit would reach that one. */}
        <div>
          <h2 id={`${id}-title`}>
            <Trans>Hand this form on to someone else?</Trans>
          </h2>
          <p className="muted">
            <Trans>
              They are emailed their own link to fill in and sign in your place, and yours stops working. The sender sees who you chose and why.
            </Trans>
          </p>
          <div className="field">
            <label htmlFor={`${id}-name`}>
              <Trans>Their name</Trans>
            </label>
            <input
              id={`${id}-name`}
              ref={first}
              className="input"
              autoComplete="off"
              value={delegate.name}
              maxLength={limits.name}
              aria-required="true"
              aria-invalid={problems.name ? true : undefined}
              aria-describedby={describedBy('name')}
              onChange={(event) => change('name', event.target.value)}
            />
            {problem('name')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`}>
              <Trans>Their email address</Trans>
            </label>
            <input
              id={`${id}-email`}
              className="input"
              type="email"
              autoComplete="off"
              value={delegate.email}
              maxLength={limits.email}
              aria-required="true"
              aria-invalid={problems.email ? true : undefined}
              aria-describedby={describedBy('email')}
              onChange={(event) => change('email', event.target.value)}
            />
            {problem('email')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-reason`}>
              <Trans>Why should they sign instead of you?</Trans>
            </label>
            <textarea
              id={`${id}-reason`}
              className="textarea"
              value={delegate.reason}
              maxLength={limits.reason}
              aria-required="true"
              aria-invalid={problems.reason ? true : undefined}
              aria-describedby={describedBy('reason', `${id}-reason-hint`)}
              onChange={(event) => change('reason', event.target.value)}
            />
            <span id={`${id}-reason-hint`} className="field__hint">
              <Plural value={left} one={`${left} character left`} other={`${left} characters left`} />
            </span>
            {problem('reason')}
          </div>
          <div className="form-actions">
            <button type="button" className="button" onClick={send}>
              <Trans>Hand the form on</Trans>
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
