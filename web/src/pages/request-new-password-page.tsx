/**
 * Request a new password (the forgot-password codes of the contract): the email, then either the
 * confirmation or the code's text. The confirmation says "if an account has this address":
 * the answer is the same for every address, so that nobody learns from it whether an account
 * uses one. Codes -3 and -203 (which other servers may answer for an unknown address) carry an
 * empty message on purpose: the page then shows no text, and tells nothing either.
 */
import { forgotPasswordMachine, fromRequest } from '@formsign/machines';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../api/client.ts';
import { FormError, FormSuccess } from '../components/form-error.tsx';
import { TextField } from '../components/text-field.tsx';
import { inspectOption } from '../session/inspection.ts';

const forgotLogic = forgotPasswordMachine.provide({
  actors: { forgotPassword: fromRequest((input, options) => api.auth.forgotPassword(input, options)) },
});

export default function RequestNewPasswordPage() {
  const [snapshot, send] = useMachine(forgotLogic, inspectOption());
  const [email, setEmail] = useState('');
  const { t } = useLingui();
  const busy = snapshot.matches('requesting');

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    send({ type: 'forgotPassword.request', email });
  };

  return (
    <div className="page page--narrow">
      <section className="card card--auth" aria-labelledby="forgot-heading">
        <h2 id="forgot-heading">
          <Trans>Request a new password</Trans>
        </h2>
        {snapshot.matches('success') ? (
          <>
            <FormSuccess
              message={t`If an account has this address, we have emailed it a link to set a new password. The link works once, for one hour.`}
            />
            <Link to="/login">
              <Trans>Back to Log In</Trans>
            </Link>
          </>
        ) : (
          <form onSubmit={submit}>
            <p>
              <Trans>Enter the email address of your account and we will send you a link to set a new password.</Trans>
            </p>
            <FormError message={snapshot.matches('failure') ? snapshot.context.error : null} />
            <TextField label={t`Email`} type="email" autoComplete="email" required value={email} onValue={setEmail} />
            <div className="form-actions">
              <button type="submit" className="button" disabled={busy}>
                {busy ? t`Sending…` : t`Send me a link`}
              </button>
              <Link to="/login">
                <Trans>Back to Log In</Trans>
              </Link>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
