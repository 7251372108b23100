/**
 * Log In (sections 4 and 8): name and password; the auth machine sends them with
 * `challenge: false`. A failure shows the catalogue's words and keeps what was typed; once
 * signed in, the route guard sends the person on to where they were going.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormError } from '../components/form-error.tsx';
import { useSessionActor, useSessionSelector } from '../session/session.tsx';

export default function LoginPage() {
  const session = useSessionActor();
  const error = useSessionSelector((snapshot) => snapshot.context.error);
  const busy = useSessionSelector((snapshot) => snapshot.matches('loggingIn'));
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');

  // Leaving the page clears the error (the machine's reset).
  useEffect(() => () => session.send({ type: 'auth.reset' }), [session]);

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    session.send({ type: 'auth.login', name, password });
  };

  return (
    <div className="page page--narrow">
      <section className="card card--auth" aria-labelledby="login-heading">
        <h2 id="login-heading">Log in to formsign</h2>
        <form onSubmit={submit} noValidate aria-describedby={error ? 'login-error' : undefined}>
          <FormError id="login-error" message={error} />
          <div className="field">
            <label htmlFor="login-name">Name</label>
            <input
              id="login-name"
              className="input"
              name="name"
              autoComplete="username"
              required
              value={name}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setName(event.target.value)}
            />
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
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? 'Logging in…' : 'Log In'}
            </button>
            <Link to="/request-new-password">Forgot your password?</Link>
          </div>
        </form>
      </section>
    </div>
  );
}
