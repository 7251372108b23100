/** A pending form's due date: none, on time, due within two days, or overdue (past). */
import { Trans } from '@lingui/react/macro';
import { formatDateTime } from '../../../lists/format.ts';
import { useNow } from '../../../lists/use-now.ts';

const soon = 2 * 24 * 60 * 60 * 1000;

export type Urgency = 'none' | 'on-time' | 'soon' | 'overdue';

export function urgencyOf(dueAt: string | null, now: number): Urgency {
  if (!dueAt) return 'none';
  const due = new Date(dueAt).getTime();
  if (Number.isNaN(due)) return 'none';
  if (due < now) return 'overdue';
  return due - now <= soon ? 'soon' : 'on-time';
}

export function DueDate({ dueAt }: { dueAt: string | null }) {
  const urgency = urgencyOf(dueAt, useNow());
  if (urgency === 'none')
    return (
      <span className="muted">
        <Trans>No due date</Trans>
      </span>
    );
  return (
    <span className="cell-nowrap">
      <span className={urgency === 'overdue' ? 'due--overdue' : undefined}>{formatDateTime(dueAt)}</span>
      {urgency === 'overdue' ? (
        <span className="cell-sub">
          <span className="badge badge--danger">
            <Trans>Overdue</Trans>
          </span>
        </span>
      ) : urgency === 'soon' ? (
        <span className="cell-sub">
          <span className="badge badge--warning">
            <Trans>Due soon</Trans>
          </span>
        </span>
      ) : null}
    </span>
  );
}
