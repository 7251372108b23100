/**
 * Approves a form waiting for the person's approval, straight from the list
 * (`/websigning`, function `approve`), then tells them and refreshes the list.
 */
import type { PendingForm, WebSigningData } from '@formsign/sdk';
import { signingApi } from '@formsign/sdk';
import { area } from '../../../api/client.ts';
import { useMutation } from '../../../api/use-mutation.ts';
import { useNotify } from '../../../shell/notifications.tsx';

const signingCalls = area(signingApi);

function approvedText(form: PendingForm, result: WebSigningData): string {
  if (result && 'completed' in result) {
    if (result.completed) return `${form.reference} is approved and now complete.`;
    if (result.next) return `${form.reference} is approved and goes on to ${result.next}.`;
  }
  return `${form.reference} is approved.`;
}

export function ApproveButton({ form, onApproved }: { form: PendingForm; onApproved(): void }) {
  const notify = useNotify();
  const approve = useMutation((pending: PendingForm, options) => signingCalls.call({ function: 'approve', id: pending.page_id }, options), {
    onSuccess: (result, pending) => {
      notify({ type: 'success', title: 'Form approved', description: approvedText(pending, result) });
      onApproved();
    },
    onFailure: (message, pending) => notify({ type: 'error', title: `Could not approve ${pending.reference}`, description: message }),
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
      {approve.busy ? 'Approving…' : 'Approve'}
      <span className="visually-hidden"> {form.title}</span>
    </button>
  );
}
