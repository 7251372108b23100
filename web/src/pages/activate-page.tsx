/**
 * Activate an account from the link in its activation email (`/activate?key=...`). The call
 * runs through a data-group machine: loading, then the outcome's text. A link without a key,
 * or one that did not work, leads on: to Log In (the account may be active already), or to
 * ask for a new link by email (the password request, which mails a link to the address).
 */
import { createDataGroupMachine, fromRequest } from '@formsign/machines';
import type { CodeResult } from '@formsign/sdk';
import { activateCodes, textOfCode } from '@formsign/sdk';
import { useMachine } from '@xstate/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../api/client.ts';
import { FormError, FormSuccess } from '../components/form-error.tsx';
import { StatusPage } from '../components/status-page.tsx';
import { inspectOption } from '../session/inspection.ts';

const activationLogic = createDataGroupMachine<CodeResult | null, { key: string }>('activation', null).provide({
  actors: { fetch: fromRequest<CodeResult | null, { params: { key: string } }>(({ params }, options) => api.auth.activate(params, options)) },
});

export const missingKey = msg`This activation link is not complete. Open the link from your activation email again.`;

/** Where a person goes from a link that does not activate: Log In, or a new link by email. */
function WaysOn() {
  return (
    <>
      <p>
        <Trans>Activated already? Log in. Lost the email, or the link has expired? Ask for a new link: we email it to your address.</Trans>
      </p>
      <div className="form-actions">
        <Link className="button" to="/login">
          <Trans>Go to Log In</Trans>
        </Link>
        <Link className="button button--secondary" to="/request-new-password">
          <Trans>Ask for a new link</Trans>
        </Link>
      </div>
    </>
  );
}

export default function ActivatePage() {
  const [search] = useSearchParams();
  const key = search.get('key') ?? '';
  const [snapshot, send] = useMachine(activationLogic, inspectOption());
  const { t, i18n } = useLingui();

  useEffect(() => {
    if (key) send({ type: 'data.fetch', params: { key } });
  }, [key, send]);

  if (!key) {
    return (
      <StatusPage heading={t`Activate your account`}>
        <FormError message={i18n._(missingKey)} />
        <WaysOn />
      </StatusPage>
    );
  }
  const { loading, error, message, data } = snapshot.context;
  return (
    <StatusPage heading={t`Activate your account`}>
      {loading ? (
        <div className="spinner" role="status">
          <Trans>Activating your account…</Trans>
        </div>
      ) : error ? (
        <FormError message={message} />
      ) : (
        <FormSuccess message={data?.message || textOfCode(activateCodes, 1)} />
      )}
      {loading ? null : error ? (
        <WaysOn />
      ) : (
        <div className="form-actions">
          <Link className="button" to="/login">
            <Trans>Go to Log In</Trans>
          </Link>
        </div>
      )}
    </StatusPage>
  );
}
