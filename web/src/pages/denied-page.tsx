import { Trans, useLingui } from '@lingui/react/macro';
import { LeadOnLink } from '../components/lead-on-link.tsx';
import { StatusPage } from '../components/status-page.tsx';

/**
 * Shown when a link is refused: a signing or form link that is not (or no longer) for the
 * person opening it, or an action the server turned down. The specification does not show
 * what triggers it; signing pages send people here when the server denies the link.
 */
export default function DeniedPage() {
  const { t } = useLingui();
  return (
    <StatusPage heading={t`Access denied`}>
      <p>
        <Trans>This link cannot be opened with your account or is no longer valid. Ask the person who sent it for a new one.</Trans>
      </p>
      <LeadOnLink />
    </StatusPage>
  );
}
