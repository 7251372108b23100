/**
 * Register (`/register/{pmachinename?}`): a company account, through the registration
 * machine (request, then success or failure, then clear). The optional route segment names
 * the partner the account registers through.
 */
import { fromRequest, registrationMachine } from '@formsign/machines';
import { contractLimits } from '@formsign/sdk';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api } from '../api/client.ts';
import { FormError, FormSuccess } from '../components/form-error.tsx';
import { TextField } from '../components/text-field.tsx';
import { inspectOption } from '../session/inspection.ts';

const registrationLogic = registrationMachine.provide({
  actors: { register: fromRequest((account, options) => api.auth.register(account, options)) },
});

/** The shortest login name and password the contract takes. */
const nameLength = contractLimits['RegisterRequest.name'].minLength;
const passwordLength = contractLimits['RegisterRequest.password'].minLength;

export default function RegisterPage() {
  const { pmachinename = '' } = useParams();
  const { t } = useLingui();
  const [snapshot, send] = useMachine(registrationLogic, inspectOption());
  const [form, setForm] = useState({ first_name: '', last_name: '', email: '', name: '', password: '', company_name: '' });
  const set = (key: keyof typeof form) => (value: string) => setForm({ ...form, [key]: value });
  const busy = snapshot.matches('submitting');

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    send({ type: 'registration.submit', account: { ...form, pmachinename } });
  };

  if (snapshot.matches('success')) {
    return (
      <div className="page page--narrow">
        <section className="card card--auth" aria-labelledby="register-heading">
          <h2 id="register-heading">
            <Trans>Check your email</Trans>
          </h2>
          <FormSuccess
            message={snapshot.context.message || t`Thank you. Please check your email: we are sending the next step to the address you gave.`}
          />
          <div className="form-actions">
            <Link className="button" to="/login">
              <Trans>Go to Log In</Trans>
            </Link>
            <button type="button" className="button button--secondary" onClick={() => send({ type: 'registration.clear' })}>
              <Trans>Register another account</Trans>
            </button>
          </div>
        </section>
      </div>
    );
  }

  return (
    <div className="page page--narrow">
      <section className="card card--auth" aria-labelledby="register-heading">
        <h2 id="register-heading">
          <Trans>Create your formsign account</Trans>
        </h2>
        {pmachinename ? (
          <p className="muted">
            <Trans>Registering through {pmachinename}.</Trans>
          </p>
        ) : null}
        <form onSubmit={submit}>
          <FormError message={snapshot.matches('failure') ? snapshot.context.error : null} />
          <TextField label={t`First name`} autoComplete="given-name" required value={form.first_name} onValue={set('first_name')} />
          <TextField label={t`Last name`} autoComplete="family-name" required value={form.last_name} onValue={set('last_name')} />
          <TextField label={t`Email`} type="email" autoComplete="email" required value={form.email} onValue={set('email')} />
          <TextField
            label={t`Login name`}
            autoComplete="username"
            required
            minLength={nameLength}
            value={form.name}
            onValue={set('name')}
            hint={t`At least ${nameLength} characters.`}
          />
          <TextField
            label={t`Password`}
            type="password"
            autoComplete="new-password"
            required
            minLength={passwordLength}
            value={form.password}
            onValue={set('password')}
            hint={t`At least ${passwordLength} characters.`}
          />
          <TextField label={t`Company`} autoComplete="organization" required value={form.company_name} onValue={set('company_name')} />
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? t`Creating your account…` : t`Create account`}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
