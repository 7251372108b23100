/** What happened to a form (the contract's audit events) as a badge, and the events the audit filters on. */
import type { AuditEvent } from '@formsign/sdk';

type EventName = AuditEvent['event'];

const events: Record<EventName, { label: string; tone: string }> = {
  created: { label: 'Created', tone: '' },
  sent: { label: 'Sent', tone: 'badge--info' },
  opened: { label: 'Opened', tone: 'badge--info' },
  verified: { label: 'Verified', tone: 'badge--info' },
  delegated: { label: 'Handed on', tone: 'badge--info' },
  hosted: { label: 'Hosted in person', tone: 'badge--info' },
  'copy-sent': { label: 'Copy sent', tone: 'badge--info' },
  saved: { label: 'Draft saved', tone: '' },
  signed: { label: 'Signed', tone: 'badge--success' },
  approved: { label: 'Approved', tone: 'badge--success' },
  disapproved: { label: 'Disapproved', tone: 'badge--danger' },
  declined: { label: 'Declined', tone: 'badge--danger' },
  resent: { label: 'Sent again', tone: 'badge--info' },
  reminded: { label: 'Reminded', tone: 'badge--info' },
  cancelled: { label: 'Withdrawn', tone: 'badge--danger' },
  expired: { label: 'Expired', tone: 'badge--danger' },
  completed: { label: 'Completed', tone: 'badge--success' },
  downloaded: { label: 'Downloaded', tone: '' },
  deleted: { label: 'Deleted', tone: 'badge--danger' },
};

export const eventOptions = (Object.keys(events) as EventName[]).map((value) => ({ value, label: events[value].label }));

export function eventLabel(event: string): string {
  return events[event as EventName]?.label ?? event;
}

export function AuditEventBadge({ event }: { event: EventName }) {
  const { label, tone } = events[event];
  return <span className={`badge${tone ? ` ${tone}` : ''}`}>{label}</span>;
}
