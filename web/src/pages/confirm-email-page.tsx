/**
 * Confirm a new email address from the link mailed to it (`/confirm-email?key=...`), a page
 * the specification does not show. The call runs through a data-group machine: loading, then
 * the outcome's text. The address becomes the account's only here; a link that did not work
 * (used, replaced by a later change, expired, or the address taken meanwhile) leads to My
 * Account, where the change can be asked for again.
 */
import { createDataGroupMachine, fromRequest } from '@formsign/machines';
import type { CodeResult } from '@formsign/sdk';
import { accountApi, confirmEmailCodes, textOfCode } from '@formsign/sdk';
import { useMachine } from '@xstate/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { area } from '../api/client.ts';
import { FormError, FormSuccess } from '../components/form-error.tsx';
import { StatusPage } from '../components/status-page.tsx';
import { inspectOption } from '../session/inspection.ts';
import { useViewer } from '../session/session.tsx';

const accountCalls = area(accountApi);

const confirmationLogic = createDataGroupMachine<CodeResult | null, { key: string }>('email-confirmation', null).provide({
  actors: { fetch: fromRequest<CodeResult | null, { params: { key: string } }>(({ params }, options) => accountCalls.confirmEmail(params, options)) },
});

export const missingKey = msg`This link is not complete. Open the link from the email we sent to your new address again.`;

const heading = msg`Confirm your new email address`;

/** Where a person goes next: their account when signed in, else Log In. */
function WaysOn({ failed }: { failed: boolean }) {
  const viewer = useViewer();
  return (
    <>
      {failed ? (
        <p>
          <Trans>Your email address has not changed. To change it, ask again from My Account: we email a new link to the new address.</Trans>
        </p>
      ) : null}
      <div className="form-actions">
        {viewer ? (
          <Link className="button" to="/account">
            <Trans>Go to My Account</Trans>
          </Link>
        ) : (
          <Link className="button" to="/login">
            <Trans>Go to Log In</Trans>
          </Link>
        )}
      </div>
    </>
  );
}

export default function ConfirmEmailPage() {
  const [search] = useSearchParams();
  const key = search.get('key') ?? '';
  const [snapshot, send] = useMachine(confirmationLogic, inspectOption());
  const { i18n } = useLingui();

  useEffect(() => {
    if (key) send({ type: 'data.fetch', params: { key } });
  }, [key, send]);

  if (!key) {
    return (
      <StatusPage heading={i18n._(heading)}>
        <FormError message={i18n._(missingKey)} />
        <WaysOn failed />
      </StatusPage>
    );
  }
  const { loading, error, message, data } = snapshot.context;
  return (
    <StatusPage heading={i18n._(heading)}>
      {loading ? (
        <div className="spinner" role="status">
          <Trans>Confirming your new email address…</Trans>
        </div>
      ) : error ? (
        <FormError message={message} />
      ) : (
        <FormSuccess message={data?.message || textOfCode(confirmEmailCodes, 1)} />
      )}
      {loading ? null : <WaysOn failed={error} />}
    </StatusPage>
  );
}
