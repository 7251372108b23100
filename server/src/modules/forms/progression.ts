/**
 * How a form moves on when a recipient acts: in order, the next recipient's turn opens (and
 * they are mailed their link); in any order, everyone's is open from the start. A recipient
 * who sends the form back stops it. When everyone has acted the form is complete. The form's
 * status always follows from its recipients (`statusOf`), in the same transaction.
 */
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import type { FormStatus, RecipientStatus, StepAction } from '../../db/schema.js';
import type { MailMessage } from '../../mail/mailer.js';
import { findUser } from '../users/repository.js';
import { recipientLink } from './links.js';
import { declinedMail, senderLanguage, sentBackMail, yourTurnMail, type FormMailFacts } from './notify.js';
import { recipientsOf, type FormRecord, type RecipientRecord } from './repository.js';
import { cancelPlaces, lockForm, openPlace, writeFormProgress } from './steps-repository.js';
import { dateStyleOf } from '../../companies/dates.js';
import { companyNameAndSettings } from '../../companies/repository.js';
import { languageOfSettings } from '../../companies/settings.js';

export type { FormRecord, RecipientRecord } from './repository.js';

/** What the operations of a form's life use of the server's context. */
export type FormsContext = Pick<ServerContext, 'db' | 'now' | 'mail' | 'jobs' | 'keys' | 'config' | 'files' | 'log'>;

/** Signing: the forms' context, and the file workers that read a drawn signature as the seal will. */
export type SigningContext = FormsContext & Pick<ServerContext, 'fileWork'>;

const acted: ReadonlySet<RecipientStatus> = new Set(['signed', 'approved', 'filled']);

/** What a place that acts is asked to do (every action but receiving a copy). */
export type ActingAction = Exclude<StepAction, 'copy'>;

/** A recipient whose place acts on the form. */
export type ActingRecipient = RecipientRecord & { action: ActingAction };

/**
 * A place that acts on the form, not one that receives a copy: a copy place is never open,
 * never mailed a link or reminded, never waited for, and counts as no step to be done.
 */
export function actsOn<T extends { action: StepAction }>(recipient: T): recipient is T & { action: ActingAction } {
  return recipient.action !== 'copy';
}

export function hasActed(recipient: Pick<RecipientRecord, 'status'>): boolean {
  return acted.has(recipient.status);
}

/** The form's status as its recipients make it. */
export function statusOf(all: readonly Pick<RecipientRecord, 'status' | 'action'>[]): FormStatus {
  const recipients = all.filter(actsOn);
  if (recipients.some((recipient) => recipient.status === 'declined')) return 'declined';
  if (recipients.some((recipient) => recipient.status === 'disapproved')) return 'disapproved';
  if (recipients.length > 0 && recipients.every(hasActed)) return 'completed';
  const open = recipients.filter((recipient) => recipient.status === 'open');
  if (open.length > 0 && open.every((recipient) => recipient.action === 'approve')) return 'awaiting_approval';
  return recipients.some(hasActed) ? 'in_progress' : 'sent';
}

/** The place the form waits for: the first open recipient (the last place once complete). */
export function currentStepOf(all: readonly Pick<RecipientRecord, 'status' | 'order' | 'action'>[]): number {
  const recipients = all.filter(actsOn);
  const open = recipients.filter((recipient) => recipient.status === 'open').map((recipient) => recipient.order);
  return open.length ? Math.min(...open) : Math.max(1, ...recipients.map((recipient) => recipient.order));
}

export async function mailFacts(db: Database, form: FormRecord): Promise<FormMailFacts> {
  const company = await companyNameAndSettings(db, form.companyId);
  const settings = company?.settings ?? null;
  return {
    dates: dateStyleOf(settings),
    language: form.language,
    companyLanguage: languageOfSettings(settings),
    title: form.title,
    reference: form.reference,
    sender: form.senderName,
    company: company?.name ?? '',
    message: form.message,
    expiresAt: form.expiresAt,
  };
}

/** The mail telling recipients it is their turn. */
export function turnMails(
  ctx: Pick<ServerContext, 'keys' | 'config'>,
  facts: FormMailFacts,
  recipients: readonly RecipientRecord[],
  reminder = false,
): MailMessage[] {
  return recipients
    .filter(actsOn)
    .map((recipient) => yourTurnMail(facts, recipient, recipientLink(ctx.keys, ctx.config.publicUrl, recipient), reminder));
}

export interface Progressed {
  form: FormRecord;
  recipients: RecipientRecord[];
  completed: boolean;
}

/** Queues mail in the transaction of the change that causes it: it goes exactly when the change commits. */
export async function queueMail(ctx: Pick<ServerContext, 'mail'>, tx: Database, mail: readonly MailMessage[]): Promise<void> {
  await ctx.mail.sendAll(mail, { tx });
}

/**
 * After a recipient acted (their row already changed in `tx`): opens the next turn when in
 * order, stops the form when it was sent back, completes it when everyone has acted, and
 * writes the form's status. The mail this causes, and the seal of a form it completes, are
 * queued in `tx`.
 */
export async function progress(
  ctx: Pick<ServerContext, 'now' | 'keys' | 'config' | 'mail' | 'jobs'>,
  tx: Database,
  formId: number,
  origin: Origin,
): Promise<Progressed> {
  const now = ctx.now();
  const form = await lockForm(tx, formId);
  let recipients = await recipientsOf(tx, formId);
  const mail: MailMessage[] = [];
  // What the mail says of the form (mailFacts) is read only in the branch that mails someone:
  // a form completed, or signed in any order, mails nobody here.

  // Whether a place changed here, so the recipients are read again.
  let changed = false;

  // A place declined or sent back stops the form: the places still to come are closed, and the sender is told.
  const sentBack = recipients.find((recipient) => recipient.status === 'disapproved' || recipient.status === 'declined');
  if (sentBack) {
    const closing = recipients.filter((recipient) => recipient.status === 'open' || recipient.status === 'waiting').map((recipient) => recipient.id);
    await cancelPlaces(tx, closing);
    changed = closing.length > 0;
    if (form.senderId) {
      const sender = await findUser(tx, form.senderId);
      if (sender) {
        const facts = await mailFacts(tx, form);
        mail.push(
          (sentBack.status === 'declined' ? declinedMail : sentBackMail)(
            facts,
            { name: form.senderName, email: sender.email, language: senderLanguage(facts, sender) },
            sentBack.name,
            sentBack.comment,
            `${ctx.config.publicUrl}/workflow/${form.id}`,
          ),
        );
      }
    }
  } else if (form.sequential) {
    const next = recipients.find((recipient) => actsOn(recipient) && !hasActed(recipient));
    if (next && next.status === 'waiting') {
      const opened = await openPlace(tx, next.id, now);
      if (opened) {
        changed = true;
        mail.push(...turnMails(ctx, await mailFacts(tx, form), [opened]));
      }
    }
  }

  if (changed) recipients = await recipientsOf(tx, formId);
  const status = statusOf(recipients);
  const completed = status === 'completed' && form.status !== 'completed';
  const updated = await writeFormProgress(tx, formId, {
    status,
    currentStep: currentStepOf(recipients),
    updatedAt: now,
    ...(completed ? { completedAt: now } : {}),
  });
  await queueMail(ctx, tx, mail);
  // Complete: the participants hear it once the sealed PDF is ready (the seal job mails them).
  if (completed) {
    await recordEvent(tx, { event: 'completed', companyId: form.companyId, actor: 'system', target: form.reference, formId: form.id, origin });
    await ctx.jobs.enqueue('seal-form', { formId: form.id }, { tx });
  }
  return { form: updated, recipients, completed };
}
