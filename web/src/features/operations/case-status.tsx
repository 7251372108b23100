/** The status of a tenant's case and of the forms filed on it, as badges. */
import type { FormStatus, TenantSummary } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { humanize } from '../../lists/format.ts';

export type CaseStatus = TenantSummary['status'];

export const caseStatusLabels: Record<CaseStatus, MessageDescriptor> = {
  open: msg({ message: 'Open', context: 'case status' }),
  monitoring: msg`Monitoring`,
  closed: msg`Closed`,
};

export const caseStatuses = (Object.keys(caseStatusLabels) as CaseStatus[]).map((value) => ({ value, label: caseStatusLabels[value] }));

const caseTones: Record<CaseStatus, string> = { open: 'badge--info', monitoring: 'badge--warning', closed: '' };

export function CaseStatusBadge({ status }: { status: CaseStatus }) {
  const { i18n } = useLingui();
  const label = (caseStatusLabels as Partial<Record<string, MessageDescriptor>>)[status];
  return <span className={`badge ${caseTones[status]}`}>{label ? i18n._(label) : humanize(status)}</span>;
}

const formStatuses: Record<FormStatus, { label: MessageDescriptor; tone: string }> = {
  draft: { label: msg`Draft`, tone: '' },
  sent: { label: msg`Sent`, tone: 'badge--info' },
  in_progress: { label: msg`In progress`, tone: 'badge--info' },
  awaiting_approval: { label: msg`Awaiting approval`, tone: 'badge--warning' },
  disapproved: { label: msg`Disapproved`, tone: 'badge--danger' },
  declined: { label: msg`Declined`, tone: 'badge--danger' },
  completed: { label: msg`Completed`, tone: 'badge--success' },
  cancelled: { label: msg`Cancelled`, tone: '' },
};

export function FormStatusBadge({ status }: { status: FormStatus }) {
  const { i18n } = useLingui();
  const { label, tone } = formStatuses[status];
  return <span className={`badge ${tone}`}>{i18n._(label)}</span>;
}
