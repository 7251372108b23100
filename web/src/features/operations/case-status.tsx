/** The status of a tenant's case and of the forms filed on it, as badges. */
import type { FormStatus, TenantSummary } from '@formsign/sdk';
import { humanize } from '../../lists/format.ts';

export type CaseStatus = TenantSummary['status'];

export const caseStatuses: readonly { value: CaseStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'monitoring', label: 'Monitoring' },
  { value: 'closed', label: 'Closed' },
];

const caseTones: Record<CaseStatus, string> = { open: 'badge--info', monitoring: 'badge--warning', closed: '' };

export function CaseStatusBadge({ status }: { status: CaseStatus }) {
  return <span className={`badge ${caseTones[status]}`}>{caseStatuses.find((one) => one.value === status)?.label ?? humanize(status)}</span>;
}

const formTones: Record<FormStatus, string> = {
  draft: '',
  sent: 'badge--info',
  in_progress: 'badge--info',
  awaiting_approval: 'badge--warning',
  disapproved: 'badge--danger',
  declined: 'badge--danger',
  completed: 'badge--success',
  cancelled: '',
};

export function FormStatusBadge({ status }: { status: FormStatus }) {
  return <span className={`badge ${formTones[status]}`}>{humanize(status)}</span>;
}
