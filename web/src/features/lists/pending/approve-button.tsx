/**
 * Approves a form waiting for the person's approval, straight from the list
 * (`/websigning`, function `approve`), then tells them and refreshes the list.
 */
import { errorMessage } from '@formsign/machines';
import type { PendingForm, WebSigningData } from '@formsign/sdk';
import { useState } from 'react';
import { api } from '../../../api/client.ts';
import { useNotify } from '../../../shell/notifications.tsx';

function approvedText(form: PendingForm, result: WebSigningData): string {
  if (result && 'completed' in result) {
    if (result.completed) return `${form.reference} is approved and now complete.`;
    if (result.next) return `${form.reference} is approved and goes on to ${result.next}.`;
  }
  return `${form.reference} is approved.`;
}

export function ApproveButton({ form, onApproved }: { form: PendingForm; onApproved(): void }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const approve = async (): Promise<void> => {
    if (busy) return;
    setBusy(true);
    try {
      const result = await api.signing.call({ function: 'approve', id: form.page_id });
      notify({ type: 'success', title: 'Form approved', description: approvedText(form, result) });
      onApproved();
    } catch (error) {
      notify({ type: 'error', title: `Could not approve ${form.reference}`, description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button--small" aria-disabled={busy} onClick={() => void approve()}>
      {busy ? 'Approving…' : 'Approve'}
      <span className="visually-hidden"> {form.title}</span>
    </button>
  );
}
