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
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ComponentType, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FormError } from '../components/form-error.tsx';
import type { SecondFactorFormProps } from '../features/auth/second-factor-form.tsx';
import { singleSignOnFailure, useSingleSignOnOffer } from '../features/auth/single-sign-on.ts';
import { useSessionActor, useSessionSelector } from '../session/session.tsx';

/**
 * The second step's form, which few sign-ins need: fetched when the password is sent, so it is
 * here by the time the server asks for a code (loaded by hand, as the shell's extras are, so no
 * Suspense timer paces it).
 */
let secondFactorForm: Promise<ComponentType<SecondFactorFormProps>> | null = null;
function loadSecondFactorForm(): Promise<ComponentType<SecondFactorFormProps>> {
  secondFactorForm ??= import('../features/auth/second-factor-form.tsx').then(
    (module) => module.SecondFactorForm,
    (error: unknown) => {
      secondFactorForm = null;
      throw error;
    },
  );
  return secondFactorForm;
}

function useSecondFactorForm(): { Form: ComponentType<SecondFactorFormProps> } | null {
  const [loaded, setLoaded] = useState<{ Form: ComponentType<SecondFactorFormProps> } | null>(null);
  useEffect(() => {
    let current = true;
    void loadSecondFactorForm().then(
      (Form) => current && setLoaded({ Form }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return loaded;
}

function SecondFactorStep() {
  const loaded = useSecondFactorForm();
  const session = useSessionActor();
  const challenge = useSessionSelector((snapshot) => snapshot.context.challenge);
  const notice = useSessionSelector((snapshot) => snapshot.context.notice);
  const error = useSessionSelector((snapshot) => snapshot.context.error);
  const busy = useSessionSelector((snapshot) => (snapshot.matches('verifying') ? 'verifying' : snapshot.matches('sendingCode') ? 'sending' : null));
  if (!challenge) return null;
  if (!loaded) {
    return (
      <div className="spinner" role="status" aria-live="polite">
        <Trans>Loading…</Trans>
      </div>
    );
  }
  return (
    <loaded.Form
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
  const { i18n } = useLingui();
  const failure = singleSignOnFailure(params.get('sso_error'));
  const providerFailure = failure ? i18n._(failure) : null;
  const returnedSignedIn = params.get('sso') === 'signed-in';
  const passwordsOff = offer?.offered === true && offer.required;
  const provider = offer?.display_name ?? '';

  // Leaving the page clears the error (the machine's reset).
  useEffect(() => () => session.send({ type: 'auth.reset' }), [session]);
  // Back from the provider, signed in: the session's cookie is set; the machine renews it into a token.
  useEffect(() => {
    if (returnedSignedIn) session.send({ type: 'auth.resume' });
  }, [returnedSignedIn, session]);

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    session.send({ type: 'auth.login', name, password });
    void loadSecondFactorForm().catch(() => undefined);
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
        <h2 id="login-heading">
          <Trans>Log in to formsign</Trans>
        </h2>
        <form onSubmit={submit} noValidate aria-describedby={(error ?? providerFailure) ? 'login-error' : undefined}>
          <FormError id="login-error" message={error ?? providerFailure} />
          <div className="field">
            <label htmlFor="login-name">
              <Trans>Name</Trans>
            </label>
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
              <Trans>Your user name or your email address</Trans>
            </span>
          </div>
          <div className="field">
            <label htmlFor="login-password">
              <Trans>Password</Trans>
            </label>
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
                <Trans>
                  Your organisation signs in with {provider}: use “Sign in with {provider}” instead of a password.
                </Trans>
              </span>
            ) : null}
          </div>
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? <Trans>Logging in…</Trans> : <Trans>Log In</Trans>}
            </button>
            <Link to="/request-new-password">
              <Trans>Forgot your password?</Trans>
            </Link>
          </div>
          {offer?.offered && offer.organisation !== null ? (
            <div className="form-actions">
              <a className="button button--secondary" href={singleSignOnStart(offer.organisation)}>
                <Trans>Sign in with {provider}</Trans>
              </a>
            </div>
          ) : null}
        </form>
      </section>
    </div>
  );
}
