/** Where a status page leads on: the dashboard for signed-in people, Log In for others. */
import { Link } from 'react-router-dom';
import { useViewer } from '../session/session.tsx';

export function LeadOnLink() {
  const viewer = useViewer();
  return (
    <div className="form-actions">
      <Link className="button" to={viewer ? '/dashboard' : '/login'}>
        {viewer ? 'Go to the dashboard' : 'Go to Log In'}
      </Link>
    </div>
  );
}
