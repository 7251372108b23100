/** What a person reads about a bulk send, in one place. */
import { filled, msg, type Words } from '#words';
import { say, sayText, type Language } from '../../i18n/i18n.js';

/** Column names as a list of quoted names: `"Employee email", "Start date"`. */
const quotedList = (names: readonly string[]): string => names.map((name) => `"${name}"`).join(', ');

export const bulkSendTexts = {
  started: msg({ message: 'The forms are being sent.' }),
  checked: msg({ message: 'Every row can be sent.' }),
  badRows: msg({ message: 'Some rows cannot be sent. Nothing was sent: correct them and check the file again.' }),
  cancelled: msg({ message: 'The bulk send was cancelled.' }),
  alreadyEnded: msg({ message: 'This bulk send had already ended.' }),
  noFile: msg({ message: 'Choose the CSV file to send: one row for each form.' }),
  tooLarge: msg({ message: 'This file is larger than 5 MB. Send it in smaller parts.' }),
  busy: msg({ message: 'The server is reading other files just now. Try again in a minute.' }),
  tooCostly: msg({ message: 'This file takes too long to read. Send it in smaller parts.' }),
  unknownColumns: (names: readonly string[], template: string): Words =>
    filled(
      msg({
        message:
          '{count, plural, one {The column {columns} is not a place or field of {template}: remove it, or start from the CSV template.} other {The columns {columns} are not a place or field of {template}: remove them, or start from the CSV template.}}',
      }),
      { count: names.length, columns: quotedList(names), template },
    ),
  missingColumns: (names: readonly string[]): Words =>
    filled(msg({ message: 'The file has no column {columns}: start from the CSV template.' }), { columns: quotedList(names) }),
  twiceColumns: (names: readonly string[]): Words =>
    filled(msg({ message: 'The file has the column {columns} twice.' }), { columns: quotedList(names) }),
  noName: (place: string): Words => filled(msg({ message: '{place} has no name.' }), { place }),
  longName: (place: string): Words => filled(msg({ message: "{place}'s name is longer than 200 characters." }), { place }),
  noEmail: (column: string): Words => filled(msg({ message: '{column} is empty.' }), { column }),
  badEmail: (column: string, email: string): Words =>
    filled(msg({ message: '{column} is not an email address: "{email}".' }), { column, email: email.slice(0, 100) }),
  notAUser: (place: string, email: string): Words =>
    filled(msg({ message: '{place} approves the form, so must be a user of your company: {email} is not.' }), { place, email }),
  shortCode: (place: string, length: number): Words =>
    filled(msg({ message: '{place} opens the form with an access code: give one of at least {length} characters.' }), { place, length }),
  noEnvelopes: msg({ message: 'Not sent: no envelopes were left. Buy more in My Account, then send these rows again.' }),
  rowCancelled: msg({ message: 'Not sent: the bulk send was cancelled.' }),
  senderGone: msg({ message: 'Not sent: the sender can no longer send forms.' }),
  templateGone: msg({ message: 'Not sent: the template was archived or deleted.' }),
  /** A row whose form was refused: the refusal's words follow. */
  notSent: msg({ message: 'Not sent: {reason}' }),
};

/** A row's reason for not being sent, as kept (in English), said in `language`: a refusal after "Not sent:" is found by its English too. */
export function unsentReason(language: Language, reason: string): string {
  if (language === 'en' || reason === '') return reason;
  const said = sayText(language, reason);
  if (said !== reason) return said;
  const prefix = say('en', bulkSendTexts.notSent, { reason: '' });
  return reason.startsWith(prefix) ? say(language, bulkSendTexts.notSent, { reason: sayText(language, reason.slice(prefix.length)) }) : reason;
}
