import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'react-router-dom';
import { LeadOnLink } from '../components/lead-on-link.tsx';
import { StatusPage } from '../components/status-page.tsx';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  const { t } = useLingui();
  return (
    <StatusPage heading={t`Page not found`}>
      <p>
        <Trans>
          There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
        </Trans>
      </p>
      <LeadOnLink />
    </StatusPage>
  );
}
