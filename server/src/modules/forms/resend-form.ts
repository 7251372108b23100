/**
 * Sending on a form that one of its recipients stopped (sent it back, or declined it), after
 * the sender corrected it. What "corrected" means here: the sender may change who the places
 * still to be done go to (the place that stopped the form and those after it) and the note to
 * them; the answers and signatures given before the place that stopped it stand, and the
 * fields stay as sent (a change to those is a new form). The form then goes on from the place
 * that stopped it: that place and those after it start again with new links (the old ones stop
 * working), in order or all at once as the form was sent, and whoever's turn it is is mailed.
 * No envelope is used: it is the same form.
 */
import type { FormProgressAction } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { digest } from '../../auth/tokens.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { activeCompanyUserByEmail } from '../users/repository.js';
import { newPageId, signingToken } from './links.js';
import { formToManage, notStopped, stoppedStatuses } from './managed-form.js';
import {
  actsOn,
  currentStepOf,
  hasActed,
  mailFacts,
  queueMail,
  statusOf,
  turnMails,
  type FormsContext,
  type RecipientRecord,
} from './progression.js';
import { recipientsOf } from './repository.js';
import { lockForm, restartPlace, writeFormMessage, writeFormProgress } from './steps-repository.js';
import { filled, msg, type Words } from '#words';

export const resendTexts = {
  doneAlready: (name: string): Words => filled(msg({ message: '{name} has already acted on this form: their place cannot be changed.' }), { name }),
  noPlace: (order: number): Words => filled(msg({ message: 'This form has no place {order}.' }), { order }),
  approverIsUser: (name: string): Words =>
    filled(msg({ message: '{name} approves the form, so must be a user of your company: give the email address they log in with.' }), { name }),
  nameMissing: (order: number): Words => filled(msg({ message: 'Give the name of the person at place {order}.' }), { order }),
  sentAgain: (names: readonly string[]): Words =>
    filled(
      msg({
        message:
          'The form has been sent again: {count, plural, one {{names} is being emailed a new link.} other {{names} are being emailed a new link.}}',
      }),
      { count: names.length, names },
    ),
};

type Correction = NonNullable<FormProgressAction['recipients']>[number];

/** Who a corrected place goes to: an approver must be a user of the company; an address typed for a signer names no account. */
async function corrected(
  ctx: Pick<FormsContext, 'db'>,
  companyId: number,
  place: RecipientRecord,
  correction: Correction | undefined,
): Promise<{ name: string; email: string; userId: number | null } | undefined> {
  if (!correction) return undefined;
  const name = correction.name.trim();
  const email = correction.email.trim();
  if (!name) throw new AppError(AppErrorCode.InvalidInput, resendTexts.nameMissing(place.order));
  if (email.toLowerCase() === place.email.toLowerCase()) return { name, email: place.email, userId: place.userId };
  if (place.action === 'approve') {
    const user = await activeCompanyUserByEmail(ctx.db, companyId, email);
    if (!user) throw new AppError(AppErrorCode.InvalidInput, resendTexts.approverIsUser(place.label || name));
    return { name, email: user.email, userId: user.id };
  }
  return { name, email, userId: null };
}

/** Sends the stopped form on again; answers what the sender reads. */
export async function resendForm(
  ctx: FormsContext,
  principal: Principal,
  input: { formId: number; recipients?: Correction[] | undefined; message?: string | undefined },
  origin: Origin,
): Promise<Words> {
  // A stopped form is closed to reminders and withdrawal, so it is found here by its own rule.
  const form = await formToManage(ctx.db, principal, input.formId, stoppedStatuses);
  const before = await recipientsOf(ctx.db, form.id);
  const corrections = new Map<number, Correction>();
  for (const correction of input.recipients ?? []) {
    const place = before.find((recipient) => recipient.order === correction.order);
    if (!place) throw new AppError(AppErrorCode.InvalidInput, resendTexts.noPlace(correction.order));
    if (hasActed(place)) throw new AppError(AppErrorCode.InvalidInput, resendTexts.doneAlready(place.name));
    corrections.set(correction.order, correction);
  }
  const people = new Map<number, Awaited<ReturnType<typeof corrected>>>();
  for (const place of before) people.set(place.id, await corrected(ctx, form.companyId, place, corrections.get(place.order)));

  const now = ctx.now();
  const mailed = await ctx.db.transaction(async (tx) => {
    const current = await lockForm(tx, form.id);
    // Someone else sent it on (or withdrew it) first.
    if (!stoppedStatuses.has(current.status)) throw notStopped();
    const places = await recipientsOf(tx, form.id);
    const stoppedBy = places.find((recipient) => recipient.status === current.status);
    const again = places.filter((recipient) => !hasActed(recipient));
    // A place that receives a copy keeps waiting for the seal (with its correction, if any).
    const first = again.find(actsOn);
    const opened: RecipientRecord[] = [];
    for (const place of again) {
      const pageId = newPageId();
      const row = await restartPlace(tx, place.id, {
        status: !actsOn(place) ? 'copy' : !current.sequential || place === first ? 'open' : 'waiting',
        pageId,
        tokenHash: digest(signingToken(ctx.keys, pageId)),
        now,
        person: people.get(place.id),
      });
      if (row.status === 'open') opened.push(row);
    }
    if (input.message !== undefined) await writeFormMessage(tx, form.id, input.message.trim());
    const after = await recipientsOf(tx, form.id);
    const updated = await writeFormProgress(tx, form.id, { status: statusOf(after), currentStep: currentStepOf(after), updatedAt: now });
    await recordEvent(tx, {
      event: 'resent',
      companyId: form.companyId,
      actor: principal,
      target: form.reference,
      formId: form.id,
      origin,
      details: {
        after: current.status,
        order: stoppedBy?.order ?? null,
        corrected: [...corrections.keys()],
        messageChanged: input.message !== undefined,
      },
    });
    await queueMail(ctx, tx, turnMails(ctx, await mailFacts(tx, updated), opened));
    return opened.map((recipient) => recipient.name);
  });
  return resendTexts.sentAgain(mailed);
}
