/**
 * Sending mail: through SMTP when `SMTP_URL` is set, otherwise into the outbox folder
 * (`<data>/outbox/`) as `.eml` files, with the message's link printed in the log so a person
 * trying the product on a laptop can follow it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/**
 * A file sent with a message. Its bytes travel as base64 text: a message waits in the job
 * queue as JSON, where a Buffer would arrive as a plain object.
 */
export interface MailAttachment {
  filename: string;
  contentBase64: string;
  contentType: string;
}

/** The message in nodemailer's terms. */
function nodemailerMessage(from: string, { to, subject, text, html, replyTo, attachments }: MailMessage): nodemailer.SendMailOptions {
  return {
    from,
    to,
    subject,
    text,
    html,
    ...(replyTo ? { replyTo } : {}),
    ...(attachments
      ? {
          attachments: attachments.map(({ filename, contentBase64, contentType }) => ({
            filename,
            content: contentBase64,
            encoding: 'base64',
            contentType,
          })),
        }
      : {}),
  };
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message is about, printed in the log by the outbox. */
  link?: string;
  /** Where a reply goes, when not to the sender (a message to support: the person who wrote it). */
  replyTo?: string;
  /** Files sent with the message (a delivered form's PDF and data). */
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Where mail goes, for the start-up log. */
  readonly description: string;
  send(message: MailMessage): Promise<void>;
}

interface Log {
  info(message: string): void;
}

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  const shown = new URL(url);
  return {
    description: `SMTP ${shown.hostname}:${shown.port || '25'}`,
    async send(message) {
      await transport.sendMail(nodemailerMessage(from, message));
    },
  };
}

function fileName(now: Date, to: string, subject: string): string {
  const slug = `${to}-${subject}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  return `${now.toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}-${slug}.eml`;
}

export function outboxMailer(folder: string, from: string, log: Log, now: () => Date = () => new Date()): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `the outbox folder ${folder}`,
    async send(message) {
      const { to, subject, link } = message;
      const info = await transport.sendMail(nodemailerMessage(from, message));
      mkdirSync(folder, { recursive: true });
      const file = join(folder, fileName(now(), to, subject));
      writeFileSync(file, info.message as Buffer);
      log.info(`Mail to ${to}: "${subject}"${link ? ` ${link}` : ''} (${file})`);
    },
  };
}
