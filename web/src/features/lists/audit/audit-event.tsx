/** What happened to a form (the contract's audit events) as a badge, and the events the audit filters on. */
import type { AuditEvent } from '@formsign/sdk';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

type EventName = AuditEvent['event'];

const events: Record<EventName, { label: MessageDescriptor; tone: string }> = {
  created: { label: msg({ message: 'Created', context: 'what happened to a form' }), tone: '' },
  sent: { label: msg`Sent`, tone: 'badge--info' },
  opened: { label: msg`Opened`, tone: 'badge--info' },
  verified: { label: msg`Verified`, tone: 'badge--info' },
  delegated: { label: msg`Handed on`, tone: 'badge--info' },
  hosted: { label: msg`Hosted in person`, tone: 'badge--info' },
  'copy-sent': { label: msg`Copy sent`, tone: 'badge--info' },
  saved: { label: msg`Draft saved`, tone: '' },
  signed: { label: msg`Signed`, tone: 'badge--success' },
  approved: { label: msg`Approved`, tone: 'badge--success' },
  disapproved: { label: msg`Disapproved`, tone: 'badge--danger' },
  declined: { label: msg`Declined`, tone: 'badge--danger' },
  resent: { label: msg`Sent again`, tone: 'badge--info' },
  reminded: { label: msg`Reminded`, tone: 'badge--info' },
  cancelled: { label: msg`Withdrawn`, tone: 'badge--danger' },
  expired: { label: msg`Expired`, tone: 'badge--danger' },
  completed: { label: msg`Completed`, tone: 'badge--success' },
  downloaded: { label: msg`Downloaded`, tone: '' },
  deleted: { label: msg`Deleted`, tone: 'badge--danger' },
};

export const eventOptions = (Object.keys(events) as EventName[]).map((value) => ({ value, label: events[value].label }));

/** What an event is called in the language shown; one the app does not know, as it is. */
export function eventLabel(event: string, i18n: I18n): string {
  const known = (events as Partial<Record<string, { label: MessageDescriptor }>>)[event];
  return known ? i18n._(known.label) : event;
}

export function AuditEventBadge({ event }: { event: EventName }) {
  const { i18n } = useLingui();
  const { label, tone } = events[event];
  return <span className={`badge${tone ? ` ${tone}` : ''}`}>{i18n._(label)}</span>;
}
