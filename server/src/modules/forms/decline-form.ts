/**
 * A signer declines a form from their link, with a reason: their place is marked declined,
 * the form stops (the places after theirs are not opened) and its sender is mailed, all in one
 * transaction. Only the link's owner can (its token, or the account the place was given);
 * an approver sends a form back instead.
 */
import type { WebSigningRequest, WebSigningResponse } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { AppErrorCode } from '../../errors/app-error.js';
import type { LinkPlace } from './open-signing-form.js';
import { progress, type FormsContext } from './progression.js';
import { checkStepOpen, receipt, signingRefusal, signingTexts } from './signing-rules.js';
import { lockStep, takeStep } from './steps-repository.js';
import { msg } from '#words';
import { say, type Language } from '../../i18n/i18n.js';

export const declineTexts = {
  reasonMissing: msg({ message: 'Please say why you decline to sign, so the sender can put it right.' }),
  approverSendsBack: msg({ message: 'An approver sends the form back instead of declining it.' }),
  declined: msg({ message: 'You have declined this form. Its sender is being emailed your reason.' }),
};

export async function declineForm(
  ctx: FormsContext,
  request: WebSigningRequest,
  place: LinkPlace,
  origin: Origin,
  language: Language,
): Promise<WebSigningResponse> {
  const { form, recipient, via } = place;
  if (recipient.action === 'approve') throw signingRefusal(declineTexts.approverSendsBack, AppErrorCode.Forbidden);
  const reason = (request.comment ?? '').trim();
  if (!reason) throw signingRefusal(declineTexts.reasonMissing);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const current = await lockStep(tx, form.id, recipient.id);
    checkStepOpen(current.form, current.recipient, now);
    if (!(await takeStep(tx, recipient.id, { status: 'declined', actedAt: now, comment: reason, ip: origin.ip, userAgent: origin.userAgent })))
      throw signingRefusal(signingTexts.alreadySigned, AppErrorCode.Conflict);
    await recordEvent(tx, {
      event: 'declined',
      companyId: form.companyId,
      actor: { userId: recipient.userId, name: recipient.name },
      target: form.reference,
      formId: form.id,
      origin,
      details: { order: recipient.order, comment: reason, via },
    });
    // Stops the form and mails its sender (progress: a declined place stops it as a sent-back one does).
    await progress(ctx, tx, form.id, origin);
  });
  return receipt('declined', false, '', say(language, declineTexts.declined));
}
