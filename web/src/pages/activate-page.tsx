/**
 * Activate an account from the link in its activation email (`/activate?key=...`). The call
 * runs through a data-group machine: loading, then the outcome's text.
 */
import { createDataGroupMachine, fromRequest } from '@formsign/machines';
import type { CodeResult } from '@formsign/sdk';
import { textForCode } from '@formsign/sdk';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../api/client.ts';
import { FormError, FormSuccess } from '../components/form-error.tsx';
import { StatusPage } from '../components/status-page.tsx';
import { inspectOption } from '../session/inspection.ts';

const activationLogic = createDataGroupMachine<CodeResult | null, { key: string }>('activation', null).provide({
  actors: { fetch: fromRequest<CodeResult | null, { params: { key: string } }>(({ params }, options) => api.auth.activate(params, options)) },
});

export const missingKey = 'This activation link is not complete. Open the link from your activation email again.';

export default function ActivatePage() {
  const [search] = useSearchParams();
  const key = search.get('key') ?? '';
  const [snapshot, send] = useMachine(activationLogic, inspectOption());

  useEffect(() => {
    if (key) send({ type: 'data.fetch', params: { key } });
  }, [key, send]);

  if (!key) {
    return (
      <StatusPage heading="Activate your account">
        <FormError message={missingKey} />
      </StatusPage>
    );
  }
  const { loading, error, message, data } = snapshot.context;
  return (
    <StatusPage heading="Activate your account">
      {loading ? (
        <div className="spinner" role="status">
          Activating your account…
        </div>
      ) : error ? (
        <FormError message={message} />
      ) : (
        <FormSuccess message={data?.message || textForCode('activate', 1)} />
      )}
      {loading ? null : (
        <div className="form-actions">
          <Link className="button" to="/login">
            Go to Log In
          </Link>
        </div>
      )}
    </StatusPage>
  );
}
