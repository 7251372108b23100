import { Link } from 'react-router-dom';
import { StatusPage } from '../components/status-page.tsx';
import { useViewer } from '../session/session.tsx';

/** Shown to a signed-in person whose role does not include the page they asked for (section 6). */
export default function NotAllowedPage() {
  const viewer = useViewer();
  return (
    <StatusPage heading="Not allowed">
      <p>Your account does not have access to that page. If you need it, ask an administrator of your company.</p>
      <div className="form-actions">
        <Link className="button" to={viewer ? '/dashboard' : '/login'}>
          {viewer ? 'Go to the dashboard' : 'Go to Log In'}
        </Link>
      </div>
    </StatusPage>
  );
}
