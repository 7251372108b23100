import { useLocation } from 'react-router-dom';
import { LeadOnLink } from '../components/lead-on-link.tsx';
import { StatusPage } from '../components/status-page.tsx';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <StatusPage heading="Page not found">
      <p>
        There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
      </p>
      <LeadOnLink />
    </StatusPage>
  );
}
