/** A form's place in its life (the contract's `FormStatus`) as a badge, and the statuses a list filters on. */
import type { FormStatus } from '@formsign/sdk';

const statuses: Record<FormStatus, { label: string; tone: string }> = {
  draft: { label: 'Draft', tone: '' },
  sent: { label: 'Sent', tone: 'badge--info' },
  in_progress: { label: 'In progress', tone: 'badge--info' },
  awaiting_approval: { label: 'Awaiting approval', tone: 'badge--warning' },
  disapproved: { label: 'Disapproved', tone: 'badge--danger' },
  declined: { label: 'Declined', tone: 'badge--danger' },
  completed: { label: 'Completed', tone: 'badge--success' },
  cancelled: { label: 'Cancelled', tone: '' },
};

export const statusOptions = (Object.keys(statuses) as FormStatus[]).map((value) => ({ value, label: statuses[value].label }));

/** Whether the current step of a form with this status can still be approved or disapproved. */
export function isReviewable(status: FormStatus): boolean {
  return status === 'sent' || status === 'in_progress' || status === 'awaiting_approval';
}

export function FormStatusBadge({ status }: { status: FormStatus }) {
  const { label, tone } = statuses[status];
  return <span className={`badge${tone ? ` ${tone}` : ''}`}>{label}</span>;
}
