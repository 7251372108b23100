/**
 * A form opened from a link (`POST /websigning`): load it, save a draft, submit it with a
 * typed or drawn signature, approve it or send it back with a comment. A recipient proves who
 * they are with their link's token, or by being signed in as the user of the form's company
 * the sender gave the place to (an approver always is); an email address proves nothing. A
 * step is taken once (`steps-repository.ts`). A template's own id opens it to be filled in by
 * a signed-in person of its company, who then becomes its first recipient. Every step is
 * audited with the address and browser it came from. A step that cannot be taken answers 200
 * with its reason (`signing-rules.ts`). A place that asks its link's holder for a code
 * (`verify-signer.ts`) answers `load` with what to give, and takes nothing else until it is given.
 * A signer may hand their place on to someone else where its template allows it (`delegate-place.ts`).
 */
import type { WebSigningRequest, WebSigningResponse } from '@formsign/sdk/contract';
import type { Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { AppErrorCode } from '../../errors/app-error.js';
import { declineForm } from './decline-form.js';
import { delegatePlace } from './delegate-place.js';
import { fillTemplate } from './fill-template.js';
import { openSigningForm, placeOfLink, type LinkPlace } from './open-signing-form.js';
import { hasActed, type SigningContext } from './progression.js';
import { reviewThroughLink } from './review-through-link.js';
import { saveDraft } from './save-draft.js';
import { signForm } from './sign-form.js';
import { checkStepOpen, signingRefusal, signingTexts } from './signing-rules.js';
import { checkCode, proofMissing, sendCode, verificationState } from './verify-signer.js';
import { type Language } from '../../i18n/i18n.js';

async function act(
  ctx: SigningContext,
  request: WebSigningRequest,
  principal: Principal | null,
  place: LinkPlace,
  origin: Origin,
  language: Language,
): Promise<WebSigningResponse> {
  const { form, recipient } = place;
  if (hasActed(recipient) || recipient.status === 'disapproved' || recipient.status === 'declined')
    throw signingRefusal(signingTexts.alreadySigned, AppErrorCode.Conflict);
  if (recipient.status === 'waiting') return openSigningForm(ctx, form, recipient, principal, origin);
  checkStepOpen(form, recipient, ctx.now());
  switch (request.function) {
    case 'save':
      return saveDraft(ctx, request, form, recipient, origin, language);
    case 'approve':
    case 'disapprove':
      return reviewThroughLink(ctx, { ...request, function: request.function }, principal, place, origin, language);
    case 'submit':
      return signForm(ctx, request, place, origin, language);
    case 'decline':
      return declineForm(ctx, request, place, origin, language);
    case 'delegate':
      return delegatePlace(ctx, request, place, origin, language);
    default:
      throw signingRefusal(signingTexts.invalid);
  }
}

export async function webSigning(
  ctx: SigningContext,
  request: WebSigningRequest,
  principal: Principal | null,
  origin: Origin,
  language: Language = 'en',
): Promise<WebSigningResponse> {
  if (/^\d{1,9}$/.test(request.id)) return fillTemplate(ctx, request, principal, origin, language);
  // A place that asks its holder for a code opens to nothing else until they give it.
  const proving = request.function === 'load' || request.function === 'send-code' || request.function === 'check-code';
  const place = await placeOfLink(ctx, request, principal, { unproven: proving });
  if (request.function === 'send-code') return { data: await sendCode(ctx, place, language), error: '' };
  if (request.function === 'check-code') return { data: await checkCode(ctx, place, request.code, origin, language), error: '' };
  if (request.function === 'load' && proofMissing(ctx, place, request.proof))
    return { data: verificationState(place.recipient, ctx.now(), language), error: '' };
  // `refs` is not read here: what pre-fills a sent form was fixed by its sender.
  if (request.function === 'load') return openSigningForm(ctx, place.form, place.recipient, principal, origin);
  return act(ctx, request, principal, place, origin, language);
}
