/**
 * The question a signing link asks before its form opens, when its place asks the holder to
 * prove who they are (designed): a code emailed to them, asked for here, or the access code
 * their sender gave them another way. Nothing of the form shows until the right code is given.
 * A new code can be asked for once a minute (five an hour): the button waits until the answer's
 * `resend_at`, saying how long. "Sent" is said only when the server says the mail was
 * handed over; every refusal is shown in the server's words.
 */
import type { SigningVerification } from '@formsign/sdk';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormError, FormSuccess } from '../../components/form-error.tsx';

/** The longest the server makes anyone wait for a new code (five codes an hour). */
const longestWaitMs = 60 * 60_000;

/** When a new code can be asked for on this device's clock; null when it can now. */
function resendDeadline(resendAt: string | null): number | null {
  if (!resendAt) return null;
  const at = Date.parse(resendAt);
  return Number.isNaN(at) ? null : Math.min(at, Date.now() + longestWaitMs);
}

/** Seconds until a new code can be asked for, counted down every second from each answer; 0 when it can now. */
function useResendWait(resendAt: string | null): number {
  const [wait, setWait] = useState(0);
  useEffect(() => {
    const deadline = resendDeadline(resendAt);
    const tick = (): boolean => {
      const left = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setWait(left);
      return left > 0;
    };
    // The first count at once (a frame later), then every second until it reaches 0.
    const first = requestAnimationFrame(tick);
    const timer = setInterval(() => {
      if (!tick()) clearInterval(timer);
    }, 1000);
    return () => {
      cancelAnimationFrame(first);
      clearInterval(timer);
    };
  }, [resendAt]);
  return wait;
}

export interface SigningVerificationCardProps {
  verification: SigningVerification;
  /** A code is being sent, or checked. */
  sending: boolean;
  checking: boolean;
  error: string | null;
  onSendCode(): void;
  onCheckCode(code: string): void;
}

export function SigningVerificationCard({ verification, sending, checking, error, onSendCode, onCheckCode }: SigningVerificationCardProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const wait = useResendWait(verification.resend_at);
  const mailed = verification.verification === 'email-code';
  // A code was mailed, in this visit or within the last minute.
  const codeOut = mailed && (verification.message !== '' || verification.resend_at !== null);
  const busy = sending || checking;
  const { t } = useLingui();
  const email = verification.email;
  // The wait in words: seconds up to a minute and a half, then minutes.
  const minutes = Math.ceil(wait / 60);
  const waitText =
    wait <= 90
      ? t`You can ask for a new code in ${plural(wait, { one: '# second', other: '# seconds' })}.`
      : t`You can ask for a new code in ${plural(minutes, { one: '# minute', other: '# minutes' })}.`;

  const check = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!code.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onCheckCode(code.trim());
  };

  return (
    <section className="card signing__verification" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h1 id={`${id}-title`}>{mailed ? <Trans>Enter the code we email you</Trans> : <Trans>Enter your access code</Trans>}</h1>
      <p>
        {mailed ? (
          <Trans>This form opens once you enter a code sent to your email address, {email}. It works for 10 minutes.</Trans>
        ) : (
          <Trans>This form opens once you enter the access code its sender gave you (they give it to you themselves, not by email).</Trans>
        )}
      </p>
      <FormSuccess message={verification.message || null} />
      <FormError message={missing ? t`Please type your code.` : error} />
      {mailed && !codeOut ? (
        <div className="form-actions">
          <button type="button" className="button" disabled={busy} onClick={onSendCode}>
            {sending ? <Trans>Sending the code…</Trans> : <Trans>Email me a code</Trans>}
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={check}>
          <div className="field">
            <label htmlFor={`${id}-code`}>{mailed ? <Trans>Code from the email</Trans> : <Trans>Access code</Trans>}</label>
            <input
              id={`${id}-code`}
              className="input"
              value={code}
              autoComplete={mailed ? 'one-time-code' : 'off'}
              inputMode={mailed ? 'numeric' : 'text'}
              spellCheck={false}
              maxLength={64}
              aria-invalid={missing || error ? true : undefined}
              onChange={(event) => setCode(event.target.value)}
            />
          </div>
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy}>
              {checking ? <Trans>Checking…</Trans> : <Trans>Open the form</Trans>}
            </button>
            {mailed ? (
              <button
                type="button"
                className="button button--secondary"
                disabled={busy || wait > 0}
                aria-describedby={`${id}-resend`}
                onClick={onSendCode}
              >
                {sending ? <Trans>Sending the code…</Trans> : <Trans>Send a new code</Trans>}
              </button>
            ) : null}
          </div>
          {mailed ? (
            <p id={`${id}-resend`} className="muted">
              {wait > 0 ? waitText : <Trans>No email? Check your spam folder, or ask for a new code.</Trans>}
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}
