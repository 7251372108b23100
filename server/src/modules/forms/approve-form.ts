/** Approving a place waiting for a review, signed in (from Workflow). */
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { progress, type FormRecord, type FormsContext, type RecipientRecord } from './progression.js';
import { lockForm, takeStep } from './steps-repository.js';

/** Approves the place; false when it was acted on (or the form closed) meanwhile: nothing is changed. */
export async function approveForm(
  ctx: FormsContext,
  principal: Principal,
  form: FormRecord,
  recipient: RecipientRecord,
  comment: string,
  origin: Origin,
): Promise<boolean> {
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockForm(tx, form.id);
    if (
      !(await takeStep(tx, recipient.id, {
        status: 'approved',
        actedAt: ctx.now(),
        comment: comment.trim(),
        ip: origin.ip,
        userAgent: origin.userAgent,
      }))
    )
      return null;
    const onBehalfOf = recipient.userId === principal.userId ? null : recipient.name;
    await recordEvent(tx, {
      event: 'approved',
      companyId: form.companyId,
      actor: principal,
      target: form.reference,
      formId: form.id,
      origin,
      details: { order: recipient.order, onBehalfOf },
    });
    return progress(ctx, tx, form.id, origin);
  });
  return outcome !== null;
}
