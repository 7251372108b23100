/** The emails of a form's life: your turn to sign or approve, a reminder, completed, sent back, declined, withdrawn. */
import { formatDate, type DateStyle } from '../../companies/dates.js';
import type { StepAction, Verification } from '../../db/schema.js';
import type { MailMessage } from '../../mail/mailer.js';
import { message as mail } from '../../mail/messages.js';

export interface FormMailFacts {
  title: string;
  reference: string;
  sender: string;
  company: string;
  message: string;
  expiresAt: Date | null;
  /** How the form's organisation writes dates. */
  dates: DateStyle;
}

const until = (date: Date | null, style: DateStyle) => (date ? ` The link works until ${formatDate(date, style, { time: true })}.` : '');

/** What the link's holder will be asked for before the form opens, said in the mail so it is no surprise. */
const codeAsked = (verification: Verification | undefined, sender: string): string[] =>
  verification === 'email-code'
    ? ['Before the form opens, you will be asked for a code: the page emails it to this address when you ask for it.']
    : verification === 'access-code'
      ? [`Before the form opens, you will be asked for the access code ${sender} gives you another way (it is not in this email).`]
      : [];

export function yourTurnMail(
  form: FormMailFacts,
  recipient: { name: string; email: string; action: Exclude<StepAction, 'copy'>; verification?: Verification },
  link: string,
  reminder = false,
  /** The person who handed their place on to this recipient, and why. */
  handedOnBy?: { name: string; reason: string },
): MailMessage {
  const asked = recipient.action === 'approve' ? 'review and approve' : recipient.action === 'fill' ? 'fill in' : 'fill in and sign';
  const subject = `${reminder ? 'Reminder: ' : ''}${form.sender} asks you to ${asked} "${form.title}"`;
  return mail(
    recipient.email,
    subject,
    [
      `Hello ${recipient.name},`,
      `${form.sender} of ${form.company} asks you to ${asked} the form "${form.title}" (${form.reference}).${until(form.expiresAt, form.dates)}`,
      ...(handedOnBy ? [`${handedOnBy.name}, to whom it was sent, asks you to take their place. Their reason: ${handedOnBy.reason}`] : []),
      ...(form.message ? [`Their note: ${form.message}`] : []),
      ...(recipient.action === 'approve' ? [] : codeAsked(recipient.verification, form.sender)),
      ...(recipient.action === 'approve' ? ['You will be asked to log in to formsign first.'] : []),
    ],
    { label: recipient.action === 'approve' ? 'Review the form' : 'Open the form', link },
  );
}

export function completedMail(form: FormMailFacts, to: { name: string; email: string }, link: string | null): MailMessage {
  return mail(
    to.email,
    `Completed: "${form.title}" (${form.reference})`,
    [
      `Hello ${to.name},`,
      `Everyone has now signed the form "${form.title}" (${form.reference}) sent by ${form.sender} of ${form.company}.`,
      ...(link ? ['The signed document is attached below as a link; it stays valid for seven days.'] : []),
    ],
    link ? { label: 'Download the signed PDF', link } : undefined,
  );
}

/**
 * The sealed PDF for a place that receives a copy: attached, or, when too large to attach,
 * as a link that works for seven days.
 */
export function copyMail(
  form: FormMailFacts,
  to: { name: string; email: string },
  sealed: { kind: 'attached'; filename: string; bytes: Buffer } | { kind: 'link'; link: string },
): MailMessage {
  const body = mail(
    to.email,
    `A copy of "${form.title}" (${form.reference})`,
    [
      `Hello ${to.name},`,
      `${form.sender} of ${form.company} sends you a copy of the form "${form.title}" (${form.reference}), now completed and sealed. You have nothing to do.`,
      sealed.kind === 'attached'
        ? 'The sealed PDF is attached.'
        : 'The sealed PDF is too large to attach: download it from the link below, which stays valid for seven days.',
    ],
    sealed.kind === 'link' ? { label: 'Download the sealed PDF', link: sealed.link } : undefined,
  );
  return sealed.kind === 'attached'
    ? { ...body, attachments: [{ filename: sealed.filename, contentBase64: sealed.bytes.toString('base64'), contentType: 'application/pdf' }] }
    : body;
}

export function sentBackMail(form: FormMailFacts, to: { name: string; email: string }, by: string, comment: string, link: string): MailMessage {
  return mail(
    to.email,
    `Sent back: "${form.title}" (${form.reference})`,
    [`Hello ${to.name},`, `${by} sent the form "${form.title}" (${form.reference}) back.`, `Their comment: ${comment || '(none)'}`],
    { label: 'See the form', link },
  );
}

export function declinedMail(form: FormMailFacts, to: { name: string; email: string }, by: string, reason: string, link: string): MailMessage {
  return mail(
    to.email,
    `Declined: "${form.title}" (${form.reference})`,
    [
      `Hello ${to.name},`,
      `${by} declined to sign the form "${form.title}" (${form.reference}). The form has stopped: no one else has been asked to act on it.`,
      `Their reason: ${reason}`,
      'You can correct the form and send it again from its progress page.',
    ],
    { label: 'See the form', link },
  );
}

/** Told to a recipient whose link was live when the sender withdrew the form. */
export function withdrawnMail(form: FormMailFacts, to: { name: string; email: string }): MailMessage {
  return mail(to.email, `Withdrawn: "${form.title}" (${form.reference})`, [
    `Hello ${to.name},`,
    `${form.sender} of ${form.company} has withdrawn the form "${form.title}" (${form.reference}). Its link no longer works, and there is nothing more for you to do.`,
  ]);
}
