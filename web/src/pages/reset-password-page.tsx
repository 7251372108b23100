/**
 * Set a new password, from the emailed link `/user/reset/{userId}/{timestamp}/{hashedPassword}`
 * (the set-new-password codes of the contract). The new password is typed twice; the two must match
 * before anything is sent.
 */
import { fromRequest, setNewPasswordMachine } from '@formsign/machines';
import { setNewPasswordCodes, textOfCode } from '@formsign/sdk';
import { useMachine } from '@xstate/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api } from '../api/client.ts';
import { FormError, FormSuccess } from '../components/form-error.tsx';
import { TextField } from '../components/text-field.tsx';
import { inspectOption } from '../session/inspection.ts';

const resetLogic = setNewPasswordMachine.provide({
  actors: { setNewPassword: fromRequest((input, options) => api.auth.setNewPassword(input, options)) },
});

export const passwordsDiffer = msg`The two passwords are not the same.`;

export default function ResetPasswordPage() {
  const { userId = '', timestamp = '', hashedPassword = '' } = useParams();
  const [snapshot, send] = useMachine(resetLogic, inspectOption());
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const { t, i18n } = useLingui();
  const busy = snapshot.matches('submitting');

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (password !== confirmation) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    send({ type: 'newPassword.submit', userId, timestamp, hashedPassword, password });
  };

  return (
    <div className="page page--narrow">
      <section className="card card--auth" aria-labelledby="reset-heading">
        <h2 id="reset-heading">
          <Trans>Set a new password</Trans>
        </h2>
        {snapshot.matches('success') ? (
          <>
            <FormSuccess message={snapshot.context.message || textOfCode(setNewPasswordCodes, 1)} />
            <Link className="button" to="/login">
              <Trans>Go to Log In</Trans>
            </Link>
          </>
        ) : (
          <form onSubmit={submit}>
            <FormError message={mismatch ? i18n._(passwordsDiffer) : snapshot.matches('failure') ? snapshot.context.error : null} />
            <TextField
              label={t`New password`}
              type="password"
              autoComplete="new-password"
              required
              value={password}
              onValue={setPassword}
              invalid={mismatch}
            />
            <TextField
              label={t`New password again`}
              type="password"
              autoComplete="new-password"
              required
              value={confirmation}
              onValue={setConfirmation}
              invalid={mismatch}
            />
            <div className="form-actions">
              <button type="submit" className="button" disabled={busy}>
                {busy ? t`Saving…` : t`Save the new password`}
              </button>
              <Link to="/request-new-password">
                <Trans>Ask for a new link</Trans>
              </Link>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
