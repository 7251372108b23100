/**
 * Reminding a recipient whose turn is open (the one named by their place, else the first open
 * one): their link is mailed again, at most once an hour for each recipient.
 */
import { recordEvent, type EventRecord, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { formToManage, nothingToDo } from './managed-form.js';
import { mailFacts, queueMail, turnMails, type FormsContext } from './progression.js';
import { findRecipient, recipientsOf, type FormRecord, type RecipientRecord } from './repository.js';
import { freshPage } from './links.js';
import { endHosting, takeReminder } from './steps-repository.js';
import { filled, msg, type Words } from '#words';

/** A recipient is reminded at most once in this long. */
const reminderGap = 60 * 60_000;

const remindTexts = {
  justReminded: msg({
    message: '{name} was reminded less than a minute ago. The next reminder can be sent in {left, plural, one {# minute} other {# minutes}}.',
  }),
  reminded: msg({
    message:
      '{name} was reminded {ago, plural, one {# minute} other {# minutes}} ago. The next reminder can be sent in {left, plural, one {# minute} other {# minutes}}.',
  }),
  notWaiting: msg({ message: '{name} is not waiting to act: there is no one to remind.' }),
  reminding: msg({ message: 'A reminder is being emailed to {name}.' }),
};

/** Why a reminder cannot go yet, and when it can. */
function tooSoon(name: string, last: Date, now: Date): AppError {
  const ago = Math.floor((now.getTime() - last.getTime()) / 60_000);
  const left = Math.max(1, Math.ceil((last.getTime() + reminderGap - now.getTime()) / 60_000));
  return new AppError(AppErrorCode.TooManyRequests, ago < 1 ? remindTexts.justReminded : remindTexts.reminded, {
    values: { name, ago, left },
    retryAfterSeconds: Math.max(1, Math.ceil((last.getTime() + reminderGap - now.getTime()) / 1000)),
  });
}

const notWaiting = (name: string): AppError => nothingToDo(filled(remindTexts.notWaiting, { name }));

/**
 * Mails an open place its link again and records it in the form's trail, in one transaction,
 * when its last reminder (or its first mail) is at least `gapMs` old: the one reminder of a
 * person by hand and of the automatic reminders (`remind-waiting.job.ts`). Answers the place
 * reminded, or nothing when it is not open or was reminded within the gap.
 */
export async function sendReminder(
  ctx: FormsContext,
  form: FormRecord,
  recipientId: number,
  how: { actor: EventRecord['actor']; origin?: Origin; gapMs: number; automatic?: boolean },
): Promise<RecipientRecord | undefined> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const taken = await takeReminder(tx, recipientId, now, how.gapMs, how.automatic);
    if (!taken) return undefined;
    // A place hosted in person is mailed a new link: the hosted page stops working, and no one hosts it any more.
    const row = taken.hostedAt ? await endHosting(tx, taken.id, freshPage(ctx.keys)) : taken;
    await recordEvent(tx, {
      event: 'reminded',
      companyId: form.companyId,
      actor: how.actor,
      target: form.reference,
      formId: form.id,
      ...(how.origin ? { origin: how.origin } : {}),
      details: { order: row.order, to: row.email, ...(how.automatic ? { automatic: true } : {}) },
    });
    await queueMail(ctx, tx, turnMails(ctx, await mailFacts(tx, form), [row], true));
    return row;
  });
}

/** Reminds the recipient of the place `order` (else the first open one); answers what the sender reads. */
export async function remindRecipient(
  ctx: FormsContext,
  principal: Principal,
  input: { formId: number; order?: number | undefined },
  origin: Origin,
): Promise<Words> {
  const form = await formToManage(ctx.db, principal, input.formId);
  const now = ctx.now();
  const recipients = await recipientsOf(ctx.db, form.id);
  const target = input.order
    ? recipients.find((recipient) => recipient.order === input.order)
    : recipients.find((recipient) => recipient.status === 'open');
  if (!target) throw nothingToDo();
  if (target.status !== 'open') throw notWaiting(target.name);
  // At most one reminder an hour: taken with the reminder itself, so requests made together send one.
  const reminded = await sendReminder(ctx, form, target.id, { actor: principal, origin, gapMs: reminderGap });
  if (!reminded) {
    const current = await findRecipient(ctx.db, target.id);
    if (!current?.lastRemindedAt || current.status !== 'open') throw notWaiting(target.name);
    throw tooSoon(current.name, current.lastRemindedAt, now);
  }
  return filled(remindTexts.reminding, { name: target.name });
}
