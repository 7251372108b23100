/**
 * The emails the product sends, in its own words, each in its reader's language (see
 * ARCHITECTURE.md, Words and languages): a person with an account reads theirs in their own
 * language, else their organisation's (`personLanguage`); a form's recipient in the form's.
 * A mail is written when it is made, in the language its reader has then: what the `send-mail`
 * job queues is the finished message, and a job that makes its own mail (a password reset, a
 * copy, a delivery) reads the language when it does. Each is plain text with a simple HTML
 * twin; links are absolute, built on `FORMSIGN_PUBLIC_URL`.
 */
import { msg } from '#words';
import { say, type Language } from '../i18n/i18n.js';
import type { MailMessage } from './mailer.js';

export type { Language };

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A message in text and HTML: its paragraphs, then its one link. */
export function message(to: string, subject: string, paragraphs: readonly string[], action?: { label: string; link: string }): MailMessage {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.link}`] : []), 'formsign'].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    ...paragraphs.map((p) => `<p>${escape(p)}</p>`),
    action ? `<p><a href="${escape(action.link)}">${escape(action.label)}</a></p>` : '',
    '<p>formsign</p></body></html>',
  ].join('');
  return { to, subject, text, html, ...(action ? { link: action.link } : {}) };
}

/** The greeting every mail to a person opens with. */
export const hello = (language: Language, name: string): string => say(language, msg({ message: 'Hello {name},' }), { name });

export function activationMail(language: Language, to: string, name: string, company: string, link: string): MailMessage {
  return message(
    to,
    say(language, msg({ message: 'Activate your formsign account' })),
    [
      hello(language, name),
      say(language, msg({ message: 'Your formsign account for {company} is ready. Activate it to log in; the link works once.' }), { company }),
    ],
    { label: say(language, msg({ message: 'Activate your account' })), link },
  );
}

export function invitationMail(
  language: Language,
  to: string,
  name: string,
  inviter: string,
  company: string,
  link: string,
  days: number,
  userName: string,
): MailMessage {
  return message(
    to,
    say(language, msg({ message: '{inviter} invited you to formsign' }), { inviter }),
    [
      hello(language, name || to),
      say(
        language,
        msg({
          message:
            '{inviter} invited you to join {company} on formsign. Choose a password to log in; the link works once and for {days, plural, one {# day} other {# days}}.',
        }),
        { inviter, company, days },
      ),
      say(
        language,
        msg({
          message: 'To log in, type this email address ({email}) or your user name, {userName}, in the Name field, with the password you choose.',
        }),
        { email: to, userName },
      ),
    ],
    { label: say(language, msg({ message: 'Choose your password' })), link },
  );
}

/** To the owner of an address someone tried to register a new organisation with. */
export function registrationAttemptMail(language: Language, to: string, name: string, login: string, passwordRequestLink: string): MailMessage {
  return message(
    to,
    say(language, msg({ message: 'Someone tried to register with your email address' })),
    [
      hello(language, name),
      say(
        language,
        msg({
          message:
            'Someone asked to register a new organisation on formsign with this email address. This address already has a formsign account (user name {login}), so nothing new was created.',
        }),
        { login },
      ),
      say(
        language,
        msg({
          message:
            'If it was you, log in with your user name or this address, or ask for a new password if you have forgotten it. If it was not you, you need do nothing.',
        }),
      ),
    ],
    { label: say(language, msg({ message: 'Ask for a new password' })), link: passwordRequestLink },
  );
}

export function resetMail(language: Language, to: string, name: string, link: string): MailMessage {
  return message(
    to,
    say(language, msg({ message: 'Your formsign password reset' })),
    [
      hello(language, name),
      say(
        language,
        msg({
          message:
            'Someone asked for a new password for your formsign account. If it was you, choose a new password; the link works once and for one hour. If it was not you, you need do nothing.',
        }),
      ),
    ],
    { label: say(language, msg({ message: 'Choose a new password' })), link },
  );
}

/** To a new address a person asked for: the link that makes it their account's. */
export function emailChangeMail(language: Language, to: string, name: string, link: string, hours: number): MailMessage {
  return message(
    to,
    say(language, msg({ message: 'Confirm your new formsign email address' })),
    [
      hello(language, name),
      say(
        language,
        msg({
          message:
            'You asked to use this address for your formsign account. Confirm it with the link; the link works once and for {hours, plural, one {# hour} other {# hours}}. Until then your account keeps its current address.',
        }),
        { hours },
      ),
      say(language, msg({ message: 'If you did not ask for this, you need do nothing: this address will not be used.' })),
    ],
    { label: say(language, msg({ message: 'Confirm this address' })), link },
  );
}

/** To the current address of an account whose address someone asked to change. */
export function emailChangeNoticeMail(language: Language, to: string, name: string, newEmail: string, hours: number): MailMessage {
  return message(to, say(language, msg({ message: 'Your formsign email address is being changed' })), [
    hello(language, name),
    say(
      language,
      msg({
        message:
          'Someone signed in to your formsign account asked to change its email address to {newEmail}. The change happens only if the link we sent to that address is followed within {hours, plural, one {# hour} other {# hours}}; until then your account keeps this address.',
      }),
      { newEmail, hours },
    ),
    say(language, msg({ message: 'If it was not you, log in and change your password: that cancels the change. Then tell your administrator.' })),
  ]);
}

export function signInCodeMail(language: Language, to: string, name: string, code: string): MailMessage {
  return message(to, say(language, msg({ message: '{code} is your formsign sign-in code' }), { code }), [
    hello(language, name),
    say(language, msg({ message: 'Your sign-in code is {code}. It works once and for 10 minutes.' }), { code }),
    say(language, msg({ message: 'If you did not try to log in, change your password.' })),
  ]);
}

/** The code that opens a signing link whose place asks its holder to prove who they are (in the form's language). */
export function signerCodeMail(language: Language, to: string, name: string, title: string, code: string, minutes: number): MailMessage {
  return message(to, say(language, msg({ message: '{code} is your code to open "{title}"' }), { code, title }), [
    hello(language, name),
    say(
      language,
      msg({ message: 'Your code to open the form "{title}" is {code}. It works for {minutes, plural, one {# minute} other {# minutes}}.' }),
      { title, code, minutes },
    ),
    say(language, msg({ message: 'If you did not open this form, you can ignore this message: nobody can open it without the code.' })),
  ]);
}

export interface SupportRequest {
  from: { name: string; email: string; login: string };
  company: { id: number; name: string };
  subject: string;
  message: string;
  reference: string;
}

/** A message to support, from a signed-in person: replies go to them. Support reads English. */
export function supportMail(to: string, request: SupportRequest): MailMessage {
  const { from, company } = request;
  return {
    ...message(to, `[${request.reference}] ${request.subject}`, [
      `${from.name} (${from.email}, login ${from.login}) of ${company.name} (company ${company.id}) wrote:`,
      request.message,
      `Reference ${request.reference}. Reply to this email to answer ${from.name}.`,
    ]),
    replyTo: from.email,
  };
}

/** The copy of a message to support its sender receives. */
export function supportCopyMail(language: Language, to: string, name: string, request: SupportRequest): MailMessage {
  return message(to, say(language, msg({ message: 'We received your message: {subject}' }), { subject: request.subject }), [
    hello(language, name),
    say(
      language,
      msg({
        message: 'Thank you for writing to formsign support. We will answer by email within one working day. Your reference is {reference}.',
      }),
      { reference: request.reference },
    ),
    say(language, msg({ message: 'Your message:' })),
    request.message,
  ]);
}
