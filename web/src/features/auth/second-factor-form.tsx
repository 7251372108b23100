/**
 * The second step of signing in (designed): the code of the person's authenticator app, or
 * a code sent by email. When their administrator asks them to set up two-factor sign-in, it
 * first shows the app's secret, as a QR code to scan and as text to type. What was typed is
 * kept when a code is refused.
 */
import type { SecondFactorChallenge } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { FormError } from '../../components/form-error.tsx';

export interface SecondFactorFormProps {
  challenge: SecondFactorChallenge;
  notice: string | null;
  error: string | null;
  busy: 'verifying' | 'sending' | null;
  onVerify(code: string): void;
  onEmailCode(): void;
  onCancel(): void;
}

/** The secret in groups of four, easier to type into an app. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function SetUpApp({ setup }: { setup: NonNullable<SecondFactorChallenge['setup']> }) {
  const { t } = useLingui();
  const key = grouped(setup.secret);
  return (
    <div className="second-factor__setup">
      <ol className="second-factor__steps">
        <li>
          <Trans>Open your authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) and add an account.</Trans>
        </li>
        <li>
          <Trans>Scan this QR code, or type the key below.</Trans>
        </li>
        <li>
          <Trans>Enter the 6-digit code the app shows.</Trans>
        </li>
      </ol>
      <img className="second-factor__qr" src={setup.qr} width={176} height={176} alt={t`QR code that adds formsign to an authenticator app`} />
      <p>
        <Trans>
          Key: <code className="second-factor__secret">{key}</code>
        </Trans>
      </p>
      <p>
        <a href={setup.uri}>
          <Trans>Open in an authenticator app on this device</Trans>
        </a>
      </p>
    </div>
  );
}

export function SecondFactorForm({ challenge, notice, error, busy, onVerify, onEmailCode, onCancel }: SecondFactorFormProps) {
  const [code, setCode] = useState('');
  const settingUp = challenge.setup !== null && challenge.method === 'totp';
  const byEmail = challenge.method === 'email';
  const email = challenge.email;

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    onVerify(code.replace(/\s+/g, ''));
  };

  return (
    <section className="card card--auth second-factor" aria-labelledby="second-factor-heading">
      <h2 id="second-factor-heading">{settingUp ? <Trans>Set up two-factor sign-in</Trans> : <Trans>Enter your sign-in code</Trans>}</h2>
      {notice ? (
        <p className="muted" role="status">
          {notice}
        </p>
      ) : null}
      {byEmail ? (
        <p className="muted">
          <Trans>The code was sent to {email}.</Trans>
        </p>
      ) : null}
      {settingUp && challenge.setup ? <SetUpApp setup={challenge.setup} /> : null}
      <form onSubmit={submit} noValidate aria-describedby={error ? 'second-factor-error' : undefined}>
        <FormError id="second-factor-error" message={error} />
        <div className="field">
          <label htmlFor="second-factor-code">
            <Trans>6-digit code</Trans>
          </label>
          <input
            id="second-factor-code"
            className="input"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            value={code}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy !== null}>
            {busy === 'verifying' ? <Trans>Checking…</Trans> : <Trans>Verify</Trans>}
          </button>
          {byEmail ? null : (
            <button type="button" className="button button--secondary" disabled={busy !== null} onClick={onEmailCode}>
              {busy === 'sending' ? <Trans>Sending…</Trans> : <Trans>Email me a code instead</Trans>}
            </button>
          )}
          <button type="button" className="button button--secondary" disabled={busy !== null} onClick={onCancel}>
            <Trans>Use another account</Trans>
          </button>
        </div>
      </form>
    </section>
  );
}
