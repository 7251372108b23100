/**
 * Log In: name and password; the auth machine sends them with
 * `challenge: false`. A failure shows the catalogue's words and keeps what was typed; once
 * signed in, the route guard sends the person on to where they were going. When a second
 * factor is due (designed), the page asks for the code instead.
 *
 * Single sign-on (designed): once the typed name (or `?organisation=`) is known to belong to an
 * organisation with a sign-in provider, the page offers "Sign in with <provider>"; when the
 * organisation requires it, the password field says to use the provider. Coming back signed in
 * (`?sso=signed-in`), the session takes up the cookie the server set; refused, the page words
 * the reason (`?sso_error=`).
 */
import { singleSignOnStart } from '@formsign/sdk';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FormError } from '../components/form-error.tsx';
import { SecondFactorForm } from '../features/auth/second-factor-form.tsx';
import { singleSignOnFailure, useSingleSignOnOffer } from '../features/auth/single-sign-on.ts';
import { useSessionActor, useSessionSelector } from '../session/session.tsx';

function SecondFactorStep() {
  const session = useSessionActor();
  const challenge = useSessionSelector((snapshot) => snapshot.context.challenge);
  const notice = useSessionSelector((snapshot) => snapshot.context.notice);
  const error = useSessionSelector((snapshot) => snapshot.context.error);
  const busy = useSessionSelector((snapshot) => (snapshot.matches('verifying') ? 'verifying' : snapshot.matches('sendingCode') ? 'sending' : null));
  if (!challenge) return null;
  return (
    <SecondFactorForm
      challenge={challenge}
      notice={notice}
      error={error}
      busy={busy}
      onVerify={(code) => session.send({ type: 'auth.verify', code })}
      onEmailCode={() => session.send({ type: 'auth.emailCode' })}
      onCancel={() => session.send({ type: 'auth.cancel' })}
    />
  );
}

export default function LoginPage() {
  const session = useSessionActor();
  const error = useSessionSelector((snapshot) => snapshot.context.error);
  const busy = useSessionSelector((snapshot) => snapshot.matches('loggingIn'));
  const secondStep = useSessionSelector(
    (snapshot) => snapshot.matches('secondFactor') || snapshot.matches('verifying') || snapshot.matches('sendingCode'),
  );
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [params] = useSearchParams();
  const organisationParam = Number(params.get('organisation'));
  const offer = useSingleSignOnOffer(name, Number.isInteger(organisationParam) && organisationParam > 0 ? organisationParam : null);
  const providerFailure = singleSignOnFailure(params.get('sso_error'));
  const returnedSignedIn = params.get('sso') === 'signed-in';
  const passwordsOff = offer?.offered === true && offer.required;

  // Leaving the page clears the error (the machine's reset).
  useEffect(() => () => session.send({ type: 'auth.reset' }), [session]);
  // Back from the provider, signed in: the session's cookie is set; the machine renews it into a token.
  useEffect(() => {
    if (returnedSignedIn) session.send({ type: 'auth.resume' });
  }, [returnedSignedIn, session]);

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    session.send({ type: 'auth.login', name, password });
  };

  if (secondStep) {
    return (
      <div className="page page--narrow">
        <SecondFactorStep />
      </div>
    );
  }

  return (
    <div className="page page--narrow">
      <section className="card card--auth" aria-labelledby="login-heading">
        <h2 id="login-heading">Log in to formsign</h2>
        <form onSubmit={submit} noValidate aria-describedby={(error ?? providerFailure) ? 'login-error' : undefined}>
          <FormError id="login-error" message={error ?? providerFailure} />
          <div className="field">
            <label htmlFor="login-name">Name</label>
            <input
              id="login-name"
              className="input"
              name="name"
              autoComplete="username"
              required
              value={name}
              aria-describedby="login-name-hint"
              aria-invalid={error ? true : undefined}
              onChange={(event) => setName(event.target.value)}
            />
            <span id="login-name-hint" className="field__hint">
              Your user name or your email address
            </span>
          </div>
          <div className="field">
            <label htmlFor="login-password">Password</label>
            <input
              id="login-password"
              className="input"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              aria-invalid={error ? true : undefined}
              aria-describedby={passwordsOff ? 'login-password-hint' : undefined}
              onChange={(event) => setPassword(event.target.value)}
            />
            {passwordsOff ? (
              <span id="login-password-hint" className="field__hint">
                Your organisation signs in with {offer.display_name}: use “Sign in with {offer.display_name}” instead of a password.
              </span>
            ) : null}
          </div>
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? 'Logging in…' : 'Log In'}
            </button>
            <Link to="/request-new-password">Forgot your password?</Link>
          </div>
          {offer?.offered && offer.organisation !== null ? (
            <div className="form-actions">
              <a className="button button--secondary" href={singleSignOnStart(offer.organisation)}>
                Sign in with {offer.display_name}
              </a>
            </div>
          ) : null}
        </form>
      </section>
    </div>
  );
}
