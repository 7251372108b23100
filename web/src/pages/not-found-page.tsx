import { Link, useLocation } from 'react-router-dom';
import { StatusPage } from '../components/status-page.tsx';
import { useViewer } from '../session/session.tsx';

export default function NotFoundPage() {
  const viewer = useViewer();
  const { pathname } = useLocation();
  return (
    <StatusPage heading="Page not found">
      <p>
        There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
      </p>
      <div className="form-actions">
        <Link className="button" to={viewer ? '/dashboard' : '/login'}>
          {viewer ? 'Go to the dashboard' : 'Go to Log In'}
        </Link>
      </div>
    </StatusPage>
  );
}
