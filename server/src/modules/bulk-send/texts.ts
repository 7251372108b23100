/** What a person reads about a bulk send, in one place. */
const quotedList = (names: readonly string[]): string => names.map((name) => `"${name}"`).join(', ');

export const bulkSendTexts = {
  started: 'The forms are being sent.',
  checked: 'Every row can be sent.',
  badRows: 'Some rows cannot be sent. Nothing was sent: correct them and check the file again.',
  cancelled: 'The bulk send was cancelled.',
  alreadyEnded: 'This bulk send had already ended.',
  noFile: 'Choose the CSV file to send: one row for each form.',
  tooLarge: 'This file is larger than 5 MB. Send it in smaller parts.',
  busy: 'The server is reading other files just now. Try again in a minute.',
  tooCostly: 'This file takes too long to read. Send it in smaller parts.',
  unknownColumns: (names: readonly string[], template: string) =>
    `The column${names.length === 1 ? '' : 's'} ${quotedList(names)} ${names.length === 1 ? 'is' : 'are'} not a place or field of ${template}: remove ${names.length === 1 ? 'it' : 'them'}, or start from the CSV template.`,
  missingColumns: (names: readonly string[]) => `The file has no column ${quotedList(names)}: start from the CSV template.`,
  twiceColumns: (names: readonly string[]) => `The file has the column ${quotedList(names)} twice.`,
  noName: (place: string) => `${place} has no name.`,
  longName: (place: string) => `${place}'s name is longer than 200 characters.`,
  noEmail: (column: string) => `${column} is empty.`,
  badEmail: (column: string, email: string) => `${column} is not an email address: "${email.slice(0, 100)}".`,
  notAUser: (place: string, email: string) => `${place} approves the form, so must be a user of your company: ${email} is not.`,
  shortCode: (place: string, length: number) => `${place} opens the form with an access code: give one of at least ${length} characters.`,
  noEnvelopes: 'Not sent: no envelopes were left. Buy more in My Account, then send these rows again.',
  rowCancelled: 'Not sent: the bulk send was cancelled.',
  senderGone: 'Not sent: the sender can no longer send forms.',
  templateGone: 'Not sent: the template was archived or deleted.',
} as const;
