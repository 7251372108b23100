/**
 * What an audit event reads as in the action records and the system log: "Logged in",
 * "Sent form", "Exported database", in the reader's language. The table has words for every
 * event the audit trail records, so a new event does not compile until it has them.
 */
import { msg, type Words } from '#words';
import { systemMessageIn } from '../../audit/audit.js';
import type { AuditEvent } from '../../db/schema.js';
import { linkDownloader, linkDownloaderWords } from '../forms/record-download.js';
import { say, type Language } from '../../i18n/i18n.js';

export const actionTexts: Record<AuditEvent, Words> = {
  created: msg({ message: 'Created form' }),
  sent: msg({ message: 'Sent form' }),
  opened: msg({ message: 'Opened form' }),
  verified: msg({ message: 'Proved who they are to open a form' }),
  delegated: msg({ message: 'Handed their place on a form to someone else' }),
  hosted: msg({ message: 'Hosted a signature in person' }),
  'copy-sent': msg({ message: 'Mailed a copy of a sealed form' }),
  saved: msg({ message: 'Saved form answers' }),
  signed: msg({ message: 'Signed form' }),
  approved: msg({ message: 'Approved form' }),
  disapproved: msg({ message: 'Disapproved form' }),
  declined: msg({ message: 'Declined form' }),
  resent: msg({ message: 'Sent form again' }),
  completed: msg({ message: 'Completed form' }),
  downloaded: msg({ message: 'Downloaded PDF' }),
  deleted: msg({ message: 'Deleted form' }),
  login: msg({ message: 'Logged in' }),
  'login-failed': msg({ message: 'Failed to log in' }),
  logout: msg({ message: 'Logged out' }),
  'password-reset-requested': msg({ message: 'Asked for a new password' }),
  'password-changed': msg({ message: 'Changed password' }),
  'email-change-requested': msg({ message: 'Asked to change email address' }),
  'email-changed': msg({ message: 'Changed email address' }),
  registered: msg({ message: 'Registered the company' }),
  activated: msg({ message: 'Activated account' }),
  invited: msg({ message: 'Invited user' }),
  'user-changed': msg({ message: 'Changed user' }),
  'user-deleted': msg({ message: 'Deleted user' }),
  'profile-saved': msg({ message: 'Saved profile' }),
  'company-saved': msg({ message: 'Saved company details' }),
  'mfa-set-up': msg({ message: 'Set up two-factor sign-in' }),
  'device-blocked': msg({ message: 'Blocked device' }),
  'device-unblocked': msg({ message: 'Unblocked device' }),
  'device-removed': msg({ message: 'Removed device' }),
  reminded: msg({ message: 'Sent a reminder' }),
  'data-removed': msg({ message: "Removed the form's answers and files (retention)" }),
  cancelled: msg({ message: 'Cancelled form' }),
  expired: msg({ message: 'Form expired' }),
  sealed: msg({ message: 'Sealed PDF' }),
  delivered: msg({ message: 'Delivered form' }),
  'template-saved': msg({ message: 'Saved template' }),
  'template-deleted': msg({ message: 'Deleted template' }),
  'file-saved': msg({ message: 'Saved file' }),
  'file-deleted': msg({ message: 'Deleted file' }),
  purchase: msg({ message: 'Bought envelopes' }),
  'envelopes-granted': msg({ message: 'Granted envelopes' }),
  'api-key-created': msg({ message: 'Created API key' }),
  'api-key-revoked': msg({ message: 'Revoked API key' }),
  'settings-saved': msg({ message: 'Saved settings' }),
  'time-recorded': msg({ message: 'Recorded time' }),
  'subtitle-saved': msg({ message: 'Saved subtitles' }),
  'tutorial-saved': msg({ message: 'Saved tutorial' }),
  'tutorial-deleted': msg({ message: 'Deleted tutorial' }),
  'support-message': msg({ message: 'Contacted support' }),
  'case-saved': msg({ message: 'Saved case' }),
  'case-noted': msg({ message: 'Added case note' }),
  'form-filed': msg({ message: 'Filed form on case' }),
  'bulk-send-started': msg({ message: 'Started bulk send' }),
  'bulk-send-ended': msg({ message: 'Bulk send ended' }),
  'bulk-send-cancelled': msg({ message: 'Cancelled bulk send' }),
  system: msg({ message: 'System event' }),
};

/** The texts an event reads as depending on its details. */
const detailTexts = {
  blockedUser: msg({ message: 'Blocked user' }),
  unblockedUser: msg({ message: 'Unblocked user' }),
  changedClass: msg({ message: 'Changed user class' }),
  changedUnits: msg({ message: 'Changed user units' }),
  changedSecondFactor: msg({ message: 'Changed two-factor sign-in' }),
  changedRole: msg({ message: 'Changed user role' }),
  exportedDatabase: msg({ message: 'Exported database' }),
  exportedFormAudit: msg({ message: 'Exported form audit' }),
  deliveryFailed: msg({ message: 'Delivery failed' }),
  changedWording: msg({ message: 'Changed interface wording' }),
  deletedIntegration: msg({ message: 'Deleted form integration' }),
  savedIntegration: msg({ message: 'Saved form integration' }),
};

/** The words an event reads as depending on its details (searched as well as the plain ones). */
const wordsOfDetails: Partial<Record<AuditEvent, (details: Record<string, unknown>) => Words | null>> = {
  'user-changed': (details) => {
    switch (details['type']) {
      case 'status':
        return details['value'] === 'blocked' ? detailTexts.blockedUser : detailTexts.unblockedUser;
      case 'class':
        return detailTexts.changedClass;
      case 'unit':
        return detailTexts.changedUnits;
      case 'mfa':
        return detailTexts.changedSecondFactor;
      case 'role':
        return detailTexts.changedRole;
      default:
        return null;
    }
  },
  downloaded: (details) =>
    details['export'] === 'database' ? detailTexts.exportedDatabase : details['export'] === 'form-audit' ? detailTexts.exportedFormAudit : null,
  delivered: (details) => (details['status'] === 'failed' ? detailTexts.deliveryFailed : null),
  'settings-saved': (details) =>
    details['area'] === 'strings'
      ? detailTexts.changedWording
      : details['area'] === 'integration'
        ? details['change'] === 'deleted'
          ? detailTexts.deletedIntegration
          : detailTexts.savedIntegration
        : null,
};

const variants: Partial<Record<AuditEvent, Words[]>> = {
  'user-changed': [
    detailTexts.blockedUser,
    detailTexts.unblockedUser,
    detailTexts.changedClass,
    detailTexts.changedUnits,
    detailTexts.changedSecondFactor,
    detailTexts.changedRole,
  ],
  downloaded: [detailTexts.exportedDatabase, detailTexts.exportedFormAudit],
  delivered: [detailTexts.deliveryFailed],
  'settings-saved': [detailTexts.savedIntegration, detailTexts.deletedIntegration, detailTexts.changedWording],
};

/** What the event reads as, in `language`; a system event reads as its message. */
export function actionText(event: AuditEvent, details: Record<string, unknown>, language: Language = 'en'): string {
  if (event === 'system') {
    const message = systemMessageIn(details, language);
    if (message !== null) return message;
  }
  const words = wordsOfDetails[event]?.(details) ?? actionTexts[event];
  return words ? say(language, words) : event;
}

/** Each event's texts (its own and its variants') in each language, lower-cased, for searching. */
const searched = new Map<Language, [AuditEvent, string[]][]>();

function searchedIn(language: Language): [AuditEvent, string[]][] {
  let found = searched.get(language);
  if (!found) {
    found = (Object.keys(actionTexts) as AuditEvent[]).map((event) => [
      event,
      [event, ...[actionTexts[event], ...(variants[event] ?? [])].map((words) => say(language, words))].map((text) => text.toLowerCase()),
    ]);
    searched.set(language, found);
  }
  return found;
}

/** The events whose texts (in English or in `language`) or names contain the words searched for, regardless of case. */
export function eventsMatching(words: string, language: Language = 'en'): AuditEvent[] {
  const needle = words.toLowerCase();
  const tables = language === 'en' ? [searchedIn('en')] : [searchedIn('en'), searchedIn(language)];
  const events = new Set<AuditEvent>();
  for (const table of tables) for (const [event, texts] of table) if (texts.some((text) => text.includes(needle))) events.add(event);
  return [...events];
}

/** The action text of every event in `language`, for sorting by what people read. */
export function actionTextsIn(language: Language): [AuditEvent, string][] {
  return (Object.keys(actionTexts) as AuditEvent[]).map((event) => [event, say(language, actionTexts[event])]);
}

/** Who acted, as the trail names them: a name as recorded, or the trail's own words for someone it cannot name. */
export function actorShown(actor: string, language: Language): string {
  return actor === linkDownloader ? say(language, linkDownloaderWords) : actor;
}
