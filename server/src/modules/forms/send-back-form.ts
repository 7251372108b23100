/** Sending a form back, signed in (declining it from Action Required, or disapproving it from Workflow), with a comment. */
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { progress, type FormRecord, type FormsContext, type RecipientRecord } from './progression.js';
import { lockForm, takeStep } from './steps-repository.js';
import { msg } from '#words';

export const sendBackTexts = {
  noComment: msg({ message: 'Please say why you send the form back.' }),
};

/** Sends the form back with the person's comment; false when the place was acted on (or the form closed) meanwhile: nothing is changed. */
export async function sendBackForm(
  ctx: FormsContext,
  principal: Principal,
  form: FormRecord,
  recipient: RecipientRecord,
  comment: string,
  origin: Origin,
): Promise<boolean> {
  const text = comment.trim();
  if (!text) throw new AppError(AppErrorCode.InvalidInput, sendBackTexts.noComment);
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockForm(tx, form.id);
    if (!(await takeStep(tx, recipient.id, { status: 'disapproved', actedAt: ctx.now(), comment: text, ip: origin.ip, userAgent: origin.userAgent })))
      return null;
    await recordEvent(tx, {
      event: 'disapproved',
      companyId: form.companyId,
      actor: principal,
      target: form.reference,
      formId: form.id,
      origin,
      details: { order: recipient.order, comment: text },
    });
    return progress(ctx, tx, form.id, origin);
  });
  return outcome !== null;
}
