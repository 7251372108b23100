/**
 * The emails of a form's life: your turn to sign or approve, a reminder, completed, sent back,
 * declined, withdrawn. A recipient reads theirs in the form's language (`FormMailFacts.language`);
 * the sender reads theirs in their own (`to.language`, see `senderLanguage`).
 */
import { msg } from '#words';
import { formatDate, type DateStyle } from '../../companies/dates.js';
import { languageOfPerson } from '../../companies/settings.js';
import type { StepAction, Verification } from '../../db/schema.js';
import { say, type Language } from '../../i18n/i18n.js';
import type { Words } from '../../i18n/words.js';
import type { MailMessage } from '../../mail/mailer.js';
import { hello, message as mail } from '../../mail/messages.js';

export interface FormMailFacts {
  title: string;
  reference: string;
  sender: string;
  company: string;
  message: string;
  expiresAt: Date | null;
  /** How the form's organisation writes dates. */
  dates: DateStyle;
  /** The form's language: its recipients, signers and copy holders read their mails in it. */
  language: Language;
  /** The organisation's language: a person of it who chose none reads theirs in it. */
  companyLanguage: Language;
}

/** A person told about the form with an account of its organisation (its sender): the language they read. */
export function senderLanguage(form: Pick<FormMailFacts, 'companyLanguage'>, person: { language: string | null }): Language {
  return languageOfPerson(person, { language: form.companyLanguage });
}

/** Someone a mail goes to, and the language they read it in. */
export interface MailReader {
  name: string;
  email: string;
  language: Language;
}

type Asked = Exclude<StepAction, 'copy'>;

/** Each sentence of the your-turn mail, by what the recipient is asked to do. */
const turnWords: Record<'subject' | 'reminder' | 'body', Record<Asked, Words>> = {
  subject: {
    sign: msg({ message: '{sender} asks you to fill in and sign "{title}"' }),
    fill: msg({ message: '{sender} asks you to fill in "{title}"' }),
    approve: msg({ message: '{sender} asks you to review and approve "{title}"' }),
  },
  reminder: {
    sign: msg({ message: 'Reminder: {sender} asks you to fill in and sign "{title}"' }),
    fill: msg({ message: 'Reminder: {sender} asks you to fill in "{title}"' }),
    approve: msg({ message: 'Reminder: {sender} asks you to review and approve "{title}"' }),
  },
  body: {
    sign: msg({ message: '{sender} of {company} asks you to fill in and sign the form "{title}" ({reference}).' }),
    fill: msg({ message: '{sender} of {company} asks you to fill in the form "{title}" ({reference}).' }),
    approve: msg({ message: '{sender} of {company} asks you to review and approve the form "{title}" ({reference}).' }),
  },
};

/** When the link stops working, after the sentence that asks (nothing when it does not). */
function until(language: Language, date: Date | null, style: DateStyle): string {
  return date ? ` ${say(language, msg({ message: 'The link works until {date}.' }), { date: formatDate(date, style, { time: true }) })}` : '';
}

/** What the link's holder will be asked for before the form opens, said in the mail so it is no surprise. */
function codeAsked(language: Language, verification: Verification | undefined, sender: string): string[] {
  if (verification === 'email-code')
    return [
      say(language, msg({ message: 'Before the form opens, you will be asked for a code: the page emails it to this address when you ask for it.' })),
    ];
  if (verification === 'access-code')
    return [
      say(
        language,
        msg({ message: 'Before the form opens, you will be asked for the access code {sender} gives you another way (it is not in this email).' }),
        {
          sender,
        },
      ),
    ];
  return [];
}

export function yourTurnMail(
  form: FormMailFacts,
  recipient: { name: string; email: string; action: Asked; verification?: Verification },
  link: string,
  reminder = false,
  /** The person who handed their place on to this recipient, and why. */
  handedOnBy?: { name: string; reason: string },
): MailMessage {
  const { language } = form;
  const facts = { sender: form.sender, company: form.company, title: form.title, reference: form.reference };
  return mail(
    recipient.email,
    say(language, turnWords[reminder ? 'reminder' : 'subject'][recipient.action], facts),
    [
      hello(language, recipient.name),
      `${say(language, turnWords.body[recipient.action], facts)}${until(language, form.expiresAt, form.dates)}`,
      ...(handedOnBy
        ? [
            say(language, msg({ message: '{name}, to whom it was sent, asks you to take their place. Their reason: {reason}' }), {
              name: handedOnBy.name,
              reason: handedOnBy.reason,
            }),
          ]
        : []),
      ...(form.message ? [say(language, msg({ message: 'Their note: {note}' }), { note: form.message })] : []),
      ...(recipient.action === 'approve' ? [] : codeAsked(language, recipient.verification, form.sender)),
      ...(recipient.action === 'approve' ? [say(language, msg({ message: 'You will be asked to log in to formsign first.' }))] : []),
    ],
    {
      label: recipient.action === 'approve' ? say(language, msg({ message: 'Review the form' })) : say(language, msg({ message: 'Open the form' })),
      link,
    },
  );
}

/** Told to everyone who took part once the form is sealed: its recipients in the form's language, its sender in theirs. */
export function completedMail(form: FormMailFacts, to: MailReader, link: string | null): MailMessage {
  const { language } = to;
  const facts = { sender: form.sender, company: form.company, title: form.title, reference: form.reference };
  return mail(
    to.email,
    say(language, msg({ message: 'Completed: "{title}" ({reference})' }), facts),
    [
      hello(language, to.name),
      say(language, msg({ message: 'Everyone has now signed the form "{title}" ({reference}) sent by {sender} of {company}.' }), facts),
      ...(link ? [say(language, msg({ message: 'The signed document is attached below as a link; it stays valid for seven days.' }))] : []),
    ],
    link ? { label: say(language, msg({ message: 'Download the signed PDF' })), link } : undefined,
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
  const { language } = form;
  const facts = { sender: form.sender, company: form.company, title: form.title, reference: form.reference };
  const body = mail(
    to.email,
    say(language, msg({ message: 'A copy of "{title}" ({reference})' }), facts),
    [
      hello(language, to.name),
      say(
        language,
        msg({
          message: '{sender} of {company} sends you a copy of the form "{title}" ({reference}), now completed and sealed. You have nothing to do.',
        }),
        facts,
      ),
      sealed.kind === 'attached'
        ? say(language, msg({ message: 'The sealed PDF is attached.' }))
        : say(
            language,
            msg({ message: 'The sealed PDF is too large to attach: download it from the link below, which stays valid for seven days.' }),
          ),
    ],
    sealed.kind === 'link' ? { label: say(language, msg({ message: 'Download the sealed PDF' })), link: sealed.link } : undefined,
  );
  return sealed.kind === 'attached'
    ? { ...body, attachments: [{ filename: sealed.filename, contentBase64: sealed.bytes.toString('base64'), contentType: 'application/pdf' }] }
    : body;
}

/** Told to the sender, in their language, when a recipient sent the form back. */
export function sentBackMail(form: FormMailFacts, to: MailReader, by: string, comment: string, link: string): MailMessage {
  const { language } = to;
  const facts = { title: form.title, reference: form.reference };
  return mail(
    to.email,
    say(language, msg({ message: 'Sent back: "{title}" ({reference})' }), facts),
    [
      hello(language, to.name),
      say(language, msg({ message: '{name} sent the form "{title}" ({reference}) back.' }), { ...facts, name: by }),
      comment ? say(language, msg({ message: 'Their comment: {comment}' }), { comment }) : say(language, msg({ message: 'Their comment: (none)' })),
    ],
    { label: say(language, msg({ message: 'See the form' })), link },
  );
}

/** Told to the sender, in their language, when a recipient declined to sign. */
export function declinedMail(form: FormMailFacts, to: MailReader, by: string, reason: string, link: string): MailMessage {
  const { language } = to;
  const facts = { title: form.title, reference: form.reference };
  return mail(
    to.email,
    say(language, msg({ message: 'Declined: "{title}" ({reference})' }), facts),
    [
      hello(language, to.name),
      say(
        language,
        msg({ message: '{name} declined to sign the form "{title}" ({reference}). The form has stopped: no one else has been asked to act on it.' }),
        { ...facts, name: by },
      ),
      say(language, msg({ message: 'Their reason: {reason}' }), { reason }),
      say(language, msg({ message: 'You can correct the form and send it again from its progress page.' })),
    ],
    { label: say(language, msg({ message: 'See the form' })), link },
  );
}

/** Told to a recipient whose link was live when the sender withdrew the form. */
export function withdrawnMail(form: FormMailFacts, to: { name: string; email: string }): MailMessage {
  const { language } = form;
  const facts = { sender: form.sender, company: form.company, title: form.title, reference: form.reference };
  return mail(to.email, say(language, msg({ message: 'Withdrawn: "{title}" ({reference})' }), facts), [
    hello(language, to.name),
    say(
      language,
      msg({
        message:
          '{sender} of {company} has withdrawn the form "{title}" ({reference}). Its link no longer works, and there is nothing more for you to do.',
      }),
      facts,
    ),
  ]);
}
