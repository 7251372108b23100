/**
 * The events of a form's trail: what the audit trail of its sealed PDF lists and what the form
 * audit (`/fetch-formaudit` and its export) lists are one set, named here, each with the words
 * the sealed PDF and the exported trail write for it.
 */
import type { AuditEvent } from '../db/schema.js';

export const formEventWords = {
  created: 'created',
  sent: 'sent',
  opened: 'opened',
  verified: 'verified who they are',
  delegated: 'handed their place on',
  hosted: 'opened a place to sign in person, hosted by',
  'copy-sent': 'mailed a copy of the sealed PDF',
  saved: 'saved a draft',
  signed: 'signed',
  approved: 'approved',
  disapproved: 'sent back',
  declined: 'declined',
  resent: 'sent again',
  reminded: 'reminded',
  cancelled: 'withdrew',
  expired: 'expired',
  completed: 'completed',
  downloaded: 'downloaded',
  deleted: 'deleted',
} as const satisfies Partial<Record<AuditEvent, string>>;

export type FormTrailEvent = keyof typeof formEventWords;

/** The events of a form's trail, in the order the form audit's filter offers them. */
export const formTrailEvents = Object.keys(formEventWords) as FormTrailEvent[];
