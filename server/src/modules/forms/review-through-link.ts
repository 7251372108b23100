/** An approver, signed in, approves a form or sends it back with a comment from its link. */
import type { WebSigningRequest, WebSigningResponse } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { AppErrorCode } from '../../errors/app-error.js';
import { progress, type FormsContext } from './progression.js';
import type { LinkPlace } from './open-signing-form.js';
import { checkStepOpen, nextName, receipt, signingRefusal, signingTexts } from './signing-rules.js';
import { lockStep, takeStep } from './steps-repository.js';
import { msg } from '#words';
import { say, type Language } from '../../i18n/i18n.js';
import { sendBackTexts } from './send-back-form.js';

export const reviewTexts = {
  noComment: sendBackTexts.noComment,
  sentBack: msg({ message: 'The form has gone back to its sender with your comment.' }),
  approvedAndComplete: msg({ message: 'Thank you. The form is approved and complete.' }),
  approved: msg({ message: 'Thank you. Your approval has been recorded.' }),
};

export async function reviewThroughLink(
  ctx: FormsContext,
  request: WebSigningRequest & { function: 'approve' | 'disapprove' },
  principal: Principal | null,
  place: LinkPlace,
  origin: Origin,
  language: Language,
): Promise<WebSigningResponse> {
  const { form, recipient, via } = place;
  const now = ctx.now();
  if (recipient.action !== 'approve' || !principal || principal.userId !== recipient.userId)
    throw signingRefusal(signingTexts.notAnApprover, AppErrorCode.Forbidden);
  const comment = (request.comment ?? '').trim();
  if (request.function === 'disapprove' && !comment) throw signingRefusal(reviewTexts.noComment);
  const outcome = await ctx.db.transaction(async (tx) => {
    const current = await lockStep(tx, form.id, recipient.id);
    checkStepOpen(current.form, current.recipient, now);
    const status = request.function === 'approve' ? 'approved' : 'disapproved';
    if (!(await takeStep(tx, recipient.id, { status, actedAt: now, comment, ip: origin.ip, userAgent: origin.userAgent })))
      throw signingRefusal(signingTexts.alreadySigned, AppErrorCode.Conflict);
    await recordEvent(tx, {
      event: status,
      companyId: form.companyId,
      actor: principal,
      target: form.reference,
      formId: form.id,
      origin,
      details: { order: recipient.order, comment, via },
    });
    return progress(ctx, tx, form.id, origin);
  });
  if (request.function === 'disapprove') return receipt('disapproved', false, '', say(language, reviewTexts.sentBack));
  const message = outcome.completed ? reviewTexts.approvedAndComplete : reviewTexts.approved;
  return receipt('approved', outcome.completed, nextName(outcome.recipients), say(language, message));
}
