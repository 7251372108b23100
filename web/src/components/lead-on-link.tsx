/** Where a status page leads on: the dashboard for signed-in people, Log In for others. */
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { useViewer } from '../session/session.tsx';

export function LeadOnLink() {
  const viewer = useViewer();
  return (
    <div className="form-actions">
      <Link className="button" to={viewer ? '/dashboard' : '/login'}>
        {viewer ? <Trans>Go to the dashboard</Trans> : <Trans>Go to Log In</Trans>}
      </Link>
    </div>
  );
}
