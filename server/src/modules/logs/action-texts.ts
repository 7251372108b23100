/**
 * What an audit event reads as in the action records and the system log: "Logged in",
 * "Sent form", "Exported database". The table has a text for every event the audit trail
 * records, so a new event does not compile until it has one.
 */
import type { AuditEvent } from '../../db/schema.js';

export const actionTexts: Record<AuditEvent, string> = {
  created: 'Created form',
  sent: 'Sent form',
  opened: 'Opened form',
  verified: 'Proved who they are to open a form',
  delegated: 'Handed their place on a form to someone else',
  hosted: 'Hosted a signature in person',
  'copy-sent': 'Mailed a copy of a sealed form',
  saved: 'Saved form answers',
  signed: 'Signed form',
  approved: 'Approved form',
  disapproved: 'Disapproved form',
  declined: 'Declined form',
  resent: 'Sent form again',
  completed: 'Completed form',
  downloaded: 'Downloaded PDF',
  deleted: 'Deleted form',
  login: 'Logged in',
  'login-failed': 'Failed to log in',
  logout: 'Logged out',
  'password-reset-requested': 'Asked for a new password',
  'password-changed': 'Changed password',
  'email-change-requested': 'Asked to change email address',
  'email-changed': 'Changed email address',
  registered: 'Registered the company',
  activated: 'Activated account',
  invited: 'Invited user',
  'user-changed': 'Changed user',
  'user-deleted': 'Deleted user',
  'profile-saved': 'Saved profile',
  'company-saved': 'Saved company details',
  'mfa-set-up': 'Set up two-factor sign-in',
  'device-blocked': 'Blocked device',
  'device-unblocked': 'Unblocked device',
  'device-removed': 'Removed device',
  reminded: 'Sent a reminder',
  'data-removed': "Removed the form's answers and files (retention)",
  cancelled: 'Cancelled form',
  expired: 'Form expired',
  sealed: 'Sealed PDF',
  delivered: 'Delivered form',
  'template-saved': 'Saved template',
  'template-deleted': 'Deleted template',
  'file-saved': 'Saved file',
  'file-deleted': 'Deleted file',
  purchase: 'Bought envelopes',
  'envelopes-granted': 'Granted envelopes',
  'api-key-created': 'Created API key',
  'api-key-revoked': 'Revoked API key',
  'settings-saved': 'Saved settings',
  'time-recorded': 'Recorded time',
  'subtitle-saved': 'Saved subtitles',
  'tutorial-saved': 'Saved tutorial',
  'tutorial-deleted': 'Deleted tutorial',
  'support-message': 'Contacted support',
  'case-saved': 'Saved case',
  'case-noted': 'Added case note',
  'form-filed': 'Filed form on case',
  'bulk-send-started': 'Started bulk send',
  'bulk-send-ended': 'Bulk send ended',
  'bulk-send-cancelled': 'Cancelled bulk send',
  system: 'System event',
};

/** The texts an event reads as depending on its details (searched as well as the plain ones). */
const detailTexts: Partial<Record<AuditEvent, (details: Record<string, unknown>) => string | null>> = {
  'user-changed': (details) => {
    switch (details['type']) {
      case 'status':
        return details['value'] === 'blocked' ? 'Blocked user' : 'Unblocked user';
      case 'class':
        return 'Changed user class';
      case 'unit':
        return 'Changed user units';
      case 'mfa':
        return 'Changed two-factor sign-in';
      case 'role':
        return 'Changed user role';
      default:
        return null;
    }
  },
  downloaded: (details) =>
    details['export'] === 'database' ? 'Exported database' : details['export'] === 'form-audit' ? 'Exported form audit' : null,
  delivered: (details) => (details['status'] === 'failed' ? 'Delivery failed' : null),
  'settings-saved': (details) =>
    details['area'] === 'strings'
      ? 'Changed interface wording'
      : details['area'] === 'integration'
        ? details['change'] === 'deleted'
          ? 'Deleted form integration'
          : 'Saved form integration'
        : null,
  system: (details) => (typeof details['message'] === 'string' && details['message'] !== '' ? details['message'] : null),
};

const variants: Partial<Record<AuditEvent, string[]>> = {
  'user-changed': ['Blocked user', 'Unblocked user', 'Changed user class', 'Changed user units', 'Changed two-factor sign-in', 'Changed user role'],
  downloaded: ['Exported database', 'Exported form audit'],
  delivered: ['Delivery failed'],
  'settings-saved': ['Saved form integration', 'Deleted form integration', 'Changed interface wording'],
};

export function actionText(event: AuditEvent, details: Record<string, unknown>): string {
  return detailTexts[event]?.(details) ?? actionTexts[event] ?? event;
}

/** The events whose texts (or names) contain the words searched for, regardless of case. */
export function eventsMatching(words: string): AuditEvent[] {
  const needle = words.toLowerCase();
  return (Object.keys(actionTexts) as AuditEvent[]).filter((event) =>
    [event, actionTexts[event], ...(variants[event] ?? [])].some((text) => text.toLowerCase().includes(needle)),
  );
}
