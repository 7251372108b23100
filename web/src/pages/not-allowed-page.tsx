import { Trans, useLingui } from '@lingui/react/macro';
import { LeadOnLink } from '../components/lead-on-link.tsx';
import { StatusPage } from '../components/status-page.tsx';

/** Shown to a signed-in person whose role does not include the page they asked for (the route table's admin and personal flags). */
export default function NotAllowedPage() {
  const { t } = useLingui();
  return (
    <StatusPage heading={t`Not allowed`}>
      <p>
        <Trans>Your account does not have access to that page. If you need it, ask an administrator of your company.</Trans>
      </p>
      <LeadOnLink />
    </StatusPage>
  );
}
