/** A recipient signs (or fills in) their place through their link: their answers join the form's, and it moves on. */
import type { WebSigningRequest, WebSigningResponse } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { AppErrorCode } from '../../errors/app-error.js';
import { checkAnswers, shownNames } from './answers.js';
import { removeUnused, storeFiles } from './documents.js';
import { signerMarks } from './signer-marks.js';
import type { LinkPlace } from './open-signing-form.js';
import { progress, type SigningContext } from './progression.js';
import {
  checkConsent,
  checkStepOpen,
  clearedFiles,
  editableFields,
  invalidLink,
  nextName,
  receipt,
  signingCompany,
  signingRefusal,
  signingTexts,
} from './signing-rules.js';
import { addFormValues, lockStep, takeStep } from './steps-repository.js';
import { msg } from '#words';
import { say, type Language } from '../../i18n/i18n.js';
import { sayRuleIn } from '../../i18n/rule-words.js';

const signTexts = {
  notToSign: msg({ message: 'This form asks you to approve it or send it back, not to sign it.' }),
  complete: msg({ message: 'Thank you. Everyone has signed: the form is complete.' }),
  recorded: msg({ message: 'Thank you. Your signature has been recorded.' }),
};

export async function signForm(
  ctx: SigningContext,
  request: WebSigningRequest,
  place: LinkPlace,
  origin: Origin,
  language: Language,
): Promise<WebSigningResponse> {
  const { form, recipient, via } = place;
  const now = ctx.now();
  if (recipient.action === 'approve') throw signingRefusal(signTexts.notToSign);
  checkConsent(request);
  const fields = editableFields(form, recipient);
  const sent = { ...(recipient.draft ?? {}), ...request.values };
  const answeredSoFar = { fields: form.fields, values: form.values };
  const answers = checkAnswers(fields, sent, { form: answeredSoFar, say: sayRuleIn(language) });
  const shown = shownNames(fields, sent, answeredSoFar);
  const company = await signingCompany(ctx, form.companyId);
  // Initials kept with a draft count when none are sent.
  const {
    signature,
    initials,
    stamped,
    values: marked,
  } = await signerMarks(ctx, {
    fields,
    shown,
    sent,
    signature: request.signature,
    initials: request.initials ?? recipient.initials,
    typedSignature: company.typedSignature,
    stamp: company.stamp,
    name: recipient.name,
    language: form.language,
  });

  const outcome = await ctx.db.transaction(async (tx) => {
    const current = await lockStep(tx, form.id, recipient.id);
    checkStepOpen(current.form, current.recipient, now);
    // The place was given a new page meanwhile (hosted in person, or mailed a new link): the old one stops here.
    if (current.recipient.pageId !== recipient.pageId) throw invalidLink();
    // Hosted in person when signed on the hosted page (not by the recipient's own account meanwhile).
    const hostedBy = via === 'link' ? current.recipient.hostedByName : null;
    const taken = await takeStep(tx, recipient.id, {
      status: recipient.action === 'fill' ? 'filled' : 'signed',
      actedAt: now,
      openedAt: current.recipient.openedAt ?? now,
      draft: null,
      ...(signature ? { signature: { kind: signature.kind, value: signature.kind === 'typed' ? signature.value.trim() : signature.value } } : {}),
      initials,
      ip: origin.ip,
      userAgent: origin.userAgent,
    });
    if (!taken) throw signingRefusal(signingTexts.alreadySigned, AppErrorCode.Conflict);
    const stored = await storeFiles(ctx, tx, form, answers.files, { name: recipient.name, attacher: 'signer' }, clearedFiles(fields, answers.values));
    await addFormValues(tx, form.id, { ...answers.values, ...marked });
    const who = { userId: recipient.userId, name: recipient.name };
    await recordEvent(tx, {
      event: 'signed',
      companyId: form.companyId,
      actor: who,
      target: form.reference,
      formId: form.id,
      origin,
      details: {
        order: recipient.order,
        signature: signature?.kind ?? 'none',
        ...(initials ? { initials: initials.kind } : {}),
        via,
        consent: true,
        ...(hostedBy ? { hostedBy } : {}),
        ...(stamped ? { stamp: stamped } : {}),
      },
    });
    return { ...(await progress(ctx, tx, form.id, origin)), stored };
  });
  await removeUnused(ctx, form.id, outcome.stored);
  const next = nextName(outcome.recipients);
  return receipt('signed', outcome.completed, next, say(language, outcome.completed ? signTexts.complete : signTexts.recorded));
}
