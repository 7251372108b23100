/**
 * A signer hands their place on to someone else from their link (`delegate`), where the
 * template's place allows it: a name, an email address and a reason. Under the form's lock the
 * place must still be open and still this link's; it then goes to the new person with a new
 * link (the old one opens nothing, and says why to whoever holds it), their invitation is
 * queued in the same transaction, and the trail records who handed it to whom and why.
 *
 * What a link's holder could do with it, and its bounds: make the server mail an address of
 * their choice. A place is handed on three times at most (counted from the trail), each
 * request counts with saving a draft against its address's rate limit, and the holder must
 * first have proved who they are where the place asks for a mailed code (the code then goes to
 * the new address). A place never goes to an address that already has a place in the form: a
 * form's places are for different people (one person signing twice, or approving their own
 * signature, would make the order mean nothing). A place that asks for an access code is not
 * handed on: the sender gave that code to the person they chose, and the new person would not
 * have it (the template refuses the two together).
 */
import { contractLimits, emailPattern, type WebSigningRequest, type WebSigningResponse } from '@formsign/sdk/contract';
import { formEventsOfKind } from '../../audit/repository.js';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { digest } from '../../auth/tokens.js';
import { AppErrorCode } from '../../errors/app-error.js';
import { recipientLink, newPageId, signingToken } from './links.js';
import { yourTurnMail } from './notify.js';
import type { LinkPlace } from './open-signing-form.js';
import { actsOn, mailFacts, queueMail, type FormsContext } from './progression.js';
import { recipientsOf, type RecipientRecord } from './repository.js';
import { checkStepOpen, receipt, signingRefusal, signingTexts } from './signing-rules.js';
import { handOverPlace, lockStep } from './steps-repository.js';
import { filled, msg, type Words } from '#words';
import { say, type Language } from '../../i18n/i18n.js';

/** How many times one place may be handed on, over the form's life. */
export const maxHandOvers = 3;

export const delegateTexts = {
  notAllowed: msg({ message: 'The sender of this form has not allowed this place to be handed on to someone else.' }),
  approver: msg({ message: 'An approver cannot hand the form on to someone else.' }),
  accessCode: msg({
    message: 'This form opens with an access code its sender gave you, so it cannot be handed on to someone else. Please ask the sender.',
  }),
  tooMany: filled(
    msg({ message: 'This place has been handed on {times} times already: it cannot be handed on again. Please ask the sender of the form.' }),
    { times: maxHandOvers },
  ),
  nameMissing: msg({ message: 'Please give the name of the person who should sign instead of you.' }),
  emailInvalid: msg({ message: 'Please give the email address of the person who should sign instead of you, such as name@example.com.' }),
  reasonMissing: msg({ message: 'Please say why someone else should sign: the sender and the new person will read it.' }),
  ownAddress: msg({ message: 'That is the address this form was sent to. Please give the address of the person who should sign instead of you.' }),
  inOrder: (name: string): Words =>
    filled(
      msg({
        message:
          "That address already has a place in this form ({name}). A form's places are for different people, so please give someone else's address.",
      }),
      { name },
    ),
  done: (name: string): Words =>
    filled(msg({ message: '{name} is being emailed a link to take your place. Your link no longer opens this form.' }), { name }),
  handedOn: msg({
    message: 'This form was handed on to someone else: this link no longer works. If you think this is a mistake, please contact its sender.',
  }),
};

/** Who a place was handed on to, and why, as the request gives it (trimmed, checked). */
function newPerson(request: WebSigningRequest): { name: string; email: string; reason: string } {
  const name = (request.delegate?.name ?? '').trim();
  const email = (request.delegate?.email ?? '').trim();
  const reason = (request.delegate?.reason ?? '').trim();
  if (!name || name.length > contractLimits['WebSigningRequest.delegate.name'].maxLength) throw signingRefusal(delegateTexts.nameMissing);
  if (!emailPattern.test(email) || email.length > contractLimits.EmailAddress.maxLength) throw signingRefusal(delegateTexts.emailInvalid);
  if (!reason || reason.length > contractLimits['WebSigningRequest.delegate.reason'].maxLength) throw signingRefusal(delegateTexts.reasonMissing);
  return { name, email, reason };
}

/** Whether the holder of this place may hand it on now, before its count is read. */
function allowedNow(recipient: RecipientRecord): Words | null {
  if (recipient.action === 'approve') return delegateTexts.approver;
  if (!recipient.allowDelegation) return delegateTexts.notAllowed;
  if (recipient.verification === 'access-code') return delegateTexts.accessCode;
  return null;
}

/** How many times a form's place has been handed on (the trail's `delegated` events of its order). */
export async function handOversOf(db: FormsContext['db'], formId: number, order: number): Promise<number> {
  return (await formEventsOfKind(db, formId, 'delegated')).filter((event) => event.details['order'] === order).length;
}

/** Whether the holder of this open place may hand it on now (for the signing page to offer it). */
export async function mayHandOver(db: FormsContext['db'], recipient: RecipientRecord): Promise<boolean> {
  return allowedNow(recipient) === null && (await handOversOf(db, recipient.formId, recipient.order)) < maxHandOvers;
}

export async function delegatePlace(
  ctx: FormsContext,
  request: WebSigningRequest,
  place: LinkPlace,
  origin: Origin,
  language: Language,
): Promise<WebSigningResponse> {
  const { form, recipient, via } = place;
  const person = newPerson(request);
  const now = ctx.now();
  const name = await ctx.db.transaction(async (tx) => {
    const current = await lockStep(tx, form.id, recipient.id);
    // Handed on meanwhile (by a request sent together with this one): this link is no longer the place's.
    if (current.recipient.pageId !== recipient.pageId) throw signingRefusal(delegateTexts.handedOn, AppErrorCode.Conflict);
    checkStepOpen(current.form, current.recipient, now);
    const refusal = allowedNow(current.recipient);
    if (refusal) throw signingRefusal(refusal, AppErrorCode.Forbidden);
    if ((await handOversOf(tx, form.id, recipient.order)) >= maxHandOvers) throw signingRefusal(delegateTexts.tooMany, AppErrorCode.LimitReached);
    const address = person.email.toLowerCase();
    if (address === current.recipient.email.toLowerCase()) throw signingRefusal(delegateTexts.ownAddress);
    const taken = (await recipientsOf(tx, form.id)).find((other) => other.id !== recipient.id && other.email.toLowerCase() === address);
    if (taken) throw signingRefusal(delegateTexts.inOrder(taken.name));

    const pageId = newPageId();
    const row = await handOverPlace(tx, current.recipient, {
      name: person.name,
      email: person.email,
      pageId,
      tokenHash: digest(signingToken(ctx.keys, pageId)),
      now,
    });
    if (!row) throw signingRefusal(signingTexts.alreadySigned, AppErrorCode.Conflict);
    // A place that receives a copy has no link to hand on from.
    if (!actsOn(row)) throw signingRefusal(delegateTexts.notAllowed, AppErrorCode.Forbidden);
    await recordEvent(tx, {
      event: 'delegated',
      companyId: form.companyId,
      actor: { userId: current.recipient.userId, name: current.recipient.name },
      target: form.reference,
      formId: form.id,
      origin,
      details: {
        order: recipient.order,
        from: { name: current.recipient.name, email: current.recipient.email },
        to: { name: person.name, email: person.email },
        reason: person.reason,
        via,
      },
    });
    // Queued with the change: it goes exactly when the place is theirs.
    const facts = await mailFacts(tx, current.form);
    await queueMail(ctx, tx, [
      yourTurnMail(facts, row, recipientLink(ctx.keys, ctx.config.publicUrl, row), false, { name: current.recipient.name, reason: person.reason }),
    ]);
    return row.name;
  });
  return receipt('delegated', false, name, say(language, delegateTexts.done(name)));
}
