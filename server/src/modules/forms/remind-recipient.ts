/**
 * Reminding a recipient whose turn is open (the one named by their place, else the first open
 * one): their link is mailed again, at most once an hour for each recipient.
 */
import type { Origin } from '../../audit/audit.js';
import { recordEvent } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { formToManage, nothingToDo } from './managed-form.js';
import { mailFacts, queueMail, turnMails, type FormsContext } from './progression.js';
import { findRecipient, recipientsOf } from './repository.js';
import { takeReminder } from './steps-repository.js';

/** A recipient is reminded at most once in this long. */
const reminderGap = 60 * 60_000;

const minutes = (count: number): string => `${count} ${count === 1 ? 'minute' : 'minutes'}`;

/** Why a reminder cannot go yet, and when it can. */
function tooSoon(name: string, last: Date, now: Date): AppError {
  const ago = Math.floor((now.getTime() - last.getTime()) / 60_000);
  const left = Math.max(1, Math.ceil((last.getTime() + reminderGap - now.getTime()) / 60_000));
  const text = `${name} was reminded ${ago < 1 ? 'less than a minute' : minutes(ago)} ago. The next reminder can be sent in ${minutes(left)}.`;
  return new AppError(AppErrorCode.TooManyRequests, text, {
    retryAfterSeconds: Math.max(1, Math.ceil((last.getTime() + reminderGap - now.getTime()) / 1000)),
  });
}

const notWaiting = (name: string): AppError => nothingToDo(`${name} is not waiting to act: there is no one to remind.`);

/** Reminds the recipient of the place `order` (else the first open one); answers what the sender reads. */
export async function remindRecipient(
  ctx: FormsContext,
  principal: Principal,
  input: { formId: number; order?: number | undefined },
  origin: Origin,
): Promise<string> {
  const form = await formToManage(ctx.db, principal, input.formId);
  const now = ctx.now();
  const recipients = await recipientsOf(ctx.db, form.id);
  const target = input.order
    ? recipients.find((recipient) => recipient.order === input.order)
    : recipients.find((recipient) => recipient.status === 'open');
  if (!target) throw nothingToDo();
  if (target.status !== 'open') throw notWaiting(target.name);
  // At most one reminder an hour: taken with the reminder itself, so requests made together send one.
  const reminded = await ctx.db.transaction(async (tx) => {
    const row = await takeReminder(tx, target.id, now, reminderGap);
    if (!row) return undefined;
    await recordEvent(tx, {
      event: 'reminded',
      companyId: form.companyId,
      actor: principal,
      target: form.reference,
      formId: form.id,
      origin,
      details: { order: target.order, to: target.email },
    });
    await queueMail(ctx, tx, turnMails(ctx, await mailFacts(tx, form), [row], true));
    return row;
  });
  if (!reminded) {
    const current = await findRecipient(ctx.db, target.id);
    if (!current?.lastRemindedAt || current.status !== 'open') throw notWaiting(target.name);
    throw tooSoon(current.name, current.lastRemindedAt, now);
  }
  return `A reminder has been sent to ${target.name}.`;
}
