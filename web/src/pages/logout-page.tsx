/** Sign out: the session is ended and its token, flags and icon cleared, whatever the server answers. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { StatusPage } from '../components/status-page.tsx';
import { useSessionActor, useSessionSelector } from '../session/session.tsx';

export default function LogoutPage() {
  const session = useSessionActor();
  const { t } = useLingui();
  const signingOut = useSessionSelector((snapshot) => snapshot.matches('loggedIn') || snapshot.matches('loggingOut'));

  useEffect(() => {
    if (session.getSnapshot().matches('loggedIn')) session.send({ type: 'auth.logout' });
  }, [session]);

  if (signingOut) {
    return (
      <div className="spinner" role="status">
        <Trans>Signing out…</Trans>
      </div>
    );
  }
  return (
    <StatusPage heading={t`You have signed out`}>
      <p>
        <Trans>Your session has ended on this device.</Trans>
      </p>
      <div className="form-actions">
        <Link className="button" to="/login">
          <Trans>Log In again</Trans>
        </Link>
      </div>
    </StatusPage>
  );
}
