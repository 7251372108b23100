/** A form's place in its life (the contract's `FormStatus`) as a badge, and the statuses a list filters on. */
import type { FormStatus } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

const statuses: Record<FormStatus, { label: MessageDescriptor; tone: string }> = {
  draft: { label: msg`Draft`, tone: '' },
  sent: { label: msg`Sent`, tone: 'badge--info' },
  in_progress: { label: msg`In progress`, tone: 'badge--info' },
  awaiting_approval: { label: msg`Awaiting approval`, tone: 'badge--warning' },
  disapproved: { label: msg`Disapproved`, tone: 'badge--danger' },
  declined: { label: msg`Declined`, tone: 'badge--danger' },
  completed: { label: msg`Completed`, tone: 'badge--success' },
  cancelled: { label: msg`Cancelled`, tone: '' },
};

export const statusOptions = (Object.keys(statuses) as FormStatus[]).map((value) => ({ value, label: statuses[value].label }));

/** Whether the current step of a form with this status can still be approved or disapproved. */
export function isReviewable(status: FormStatus): boolean {
  return status === 'sent' || status === 'in_progress' || status === 'awaiting_approval';
}

export function FormStatusBadge({ status }: { status: FormStatus }) {
  const { i18n } = useLingui();
  const { label, tone } = statuses[status];
  return <span className={`badge${tone ? ` ${tone}` : ''}`}>{i18n._(label)}</span>;
}
