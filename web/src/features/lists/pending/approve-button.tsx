/**
 * Approves a form waiting for the person's approval, straight from the list
 * (`/websigning`, function `approve`), then tells them and refreshes the list.
 */
import type { PendingForm, WebSigningData } from '@formsign/sdk';
import { useLingui } from '@lingui/react/macro';
import { signingApi } from '@formsign/sdk';
import { area } from '../../../api/client.ts';
import { useMutation } from '../../../api/use-mutation.ts';
import { useNotify } from '../../../shell/notifications.tsx';

const signingCalls = area(signingApi);

export function ApproveButton({ form, onApproved }: { form: PendingForm; onApproved(): void }) {
  const notify = useNotify();
  const { t } = useLingui();
  const approvedText = (reference: string, result: WebSigningData): string => {
    if (result && 'completed' in result) {
      if (result.completed) return t`${reference} is approved and now complete.`;
      const next = result.next;
      if (next) return t`${reference} is approved and goes on to ${next}.`;
    }
    return t`${reference} is approved.`;
  };
  const approve = useMutation((pending: PendingForm, options) => signingCalls.call({ function: 'approve', id: pending.page_id }, options), {
    onSuccess: (result, pending) => {
      notify({ type: 'success', title: t`Form approved`, description: approvedText(pending.reference, result) });
      onApproved();
    },
    onFailure: (message, { reference }) => notify({ type: 'error', title: t`Could not approve ${reference}`, description: message }),
  });
  return (
    <button
      type="button"
      className="button button--small"
      aria-disabled={approve.busy}
      onClick={() => {
        if (!approve.busy) void approve.run(form);
      }}
    >
      {approve.busy ? t`Approving…` : t`Approve`}
      <span className="visually-hidden"> {form.title}</span>
    </button>
  );
}
