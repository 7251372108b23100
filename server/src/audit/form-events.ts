/**
 * The events of a form's trail: what the audit trail of its sealed PDF lists and what the form
 * audit (`/fetch-formaudit` and its export) lists are one set, named here, each with the words
 * the sealed PDF and the exported trail write for it (`formEventTexts`, said in the reader's
 * language; `formEventWords`, the same in English).
 */
import { msg, type Words } from '#words';
import type { AuditEvent } from '../db/schema.js';
import { say } from '../i18n/i18n.js';

export const formEventTexts = {
  created: msg({ message: 'created', context: 'form trail' }),
  sent: msg({ message: 'sent', context: 'form trail' }),
  opened: msg({ message: 'opened', context: 'form trail' }),
  verified: msg({ message: 'verified who they are', context: 'form trail' }),
  delegated: msg({ message: 'handed their place on', context: 'form trail' }),
  hosted: msg({ message: 'opened a place to sign in person, hosted by', context: 'form trail' }),
  'copy-sent': msg({ message: 'mailed a copy of the sealed PDF', context: 'form trail' }),
  saved: msg({ message: 'saved a draft', context: 'form trail' }),
  signed: msg({ message: 'signed', context: 'form trail' }),
  approved: msg({ message: 'approved', context: 'form trail' }),
  disapproved: msg({ message: 'sent back', context: 'form trail' }),
  declined: msg({ message: 'declined', context: 'form trail' }),
  resent: msg({ message: 'sent again', context: 'form trail' }),
  reminded: msg({ message: 'reminded', context: 'form trail' }),
  cancelled: msg({ message: 'withdrew', context: 'form trail' }),
  expired: msg({ message: 'expired', context: 'form trail' }),
  completed: msg({ message: 'completed', context: 'form trail' }),
  downloaded: msg({ message: 'downloaded', context: 'form trail' }),
  deleted: msg({ message: 'deleted', context: 'form trail' }),
} as const satisfies Partial<Record<AuditEvent, Words>>;

export type FormTrailEvent = keyof typeof formEventTexts;

/** Each event's words in English. */
export const formEventWords = Object.fromEntries(
  (Object.keys(formEventTexts) as FormTrailEvent[]).map((event) => [event, say('en', formEventTexts[event])]),
) as Record<FormTrailEvent, string>;

/** The events of a form's trail, in the order the form audit's filter offers them. */
export const formTrailEvents = Object.keys(formEventTexts) as FormTrailEvent[];
