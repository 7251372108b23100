/**
 * A template opened to be filled in (`/open-signing/{templateId}`) by a signed-in person of its
 * company, who then becomes its first recipient; the later places go to the people the
 * template names. Records named by `refs` fill it only for a person who may read them.
 */
import type { SigningForm, WebSigningRequest, WebSigningResponse } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { FieldDefinition } from '../../db/schema.js';
import { AppErrorCode } from '../../errors/app-error.js';
import { mayReadRecords, prefillFields } from '../prepopulation/prefill.js';
import { fieldOf } from '../templates/field-shapes.js';
import { findTemplate } from '../templates/repository.js';
import { stepOfField, stepsOf } from '../templates/steps.js';
import { findCompanyUser } from '../users/repository.js';
import { checkAnswers, shownNames } from './answers.js';
import { signerMarks } from './signer-marks.js';
import { createForm, expiryOf, type Recipient } from './new-form.js';
import { actsOn, mailFacts, progress, queueMail, turnMails, type SigningContext } from './progression.js';
import { documentPages } from '../templates/page-images.js';
import { sentPdfUrl } from './links.js';
import { checkConsent, signingStamp, invalidLink, nextName, receipt, signingCompany, signingRefusal, signingTexts } from './signing-rules.js';
import { msg } from '#words';
import { say, type Language } from '../../i18n/i18n.js';
import { sayRuleIn } from '../../i18n/rule-words.js';

const fillTexts = {
  archived: msg({ message: 'This template is archived: it cannot be filled in.' }),
  keptWhenSent: msg({ message: 'A form filled in here is kept when it is sent.' }),
  complete: msg({ message: 'Thank you. The form is complete.' }),
  sentOn: msg({ message: 'Thank you. The form has been sent on.' }),
};

export async function fillTemplate(
  ctx: SigningContext,
  request: WebSigningRequest,
  principal: Principal | null,
  origin: Origin,
  language: Language = 'en',
): Promise<WebSigningResponse> {
  if (!principal) throw signingRefusal(signingTexts.logInToFill, AppErrorCode.Unauthorized);
  const template = await findTemplate(ctx.db, principal.companyId, Number(request.id));
  if (!template) throw invalidLink();
  if (template.status !== 'active') throw signingRefusal(fillTexts.archived, AppErrorCode.Conflict);
  const steps = stepsOf(template.steps);
  const [first] = steps;
  // The person filling it in takes the first place: one that only receives a copy answers nothing.
  if (first?.action === 'copy') throw signingRefusal(signingTexts.firstIsCopy);
  const mine = template.fields.filter((field) => field.step === 0 || stepOfField(field) === 1);
  const { typedSignature, dates, stamp, language: companyLanguage } = await signingCompany(ctx, principal.companyId);
  if (request.function === 'load') {
    const fields =
      request.refs && mayReadRecords(principal) ? await prefillFields(ctx, principal.companyId, request.refs, template.fields) : template.fields;
    const form: SigningForm = {
      id: String(template.id),
      language: companyLanguage,
      title: template.title,
      message: template.description,
      sender: `${principal.displayName}, ${principal.companyName}`,
      signer: { name: principal.displayName, email: principal.email, order: 1 },
      status: 'open',
      fields: fields.map((field, index) => ({ ...fieldOf(field), readonly: !mine.includes(template.fields[index] as FieldDefinition) })),
      expires_at: null,
      allow_typed_signature: typedSignature,
      action: first && actsOn(first) ? first.action : 'sign',
      date_format: dates.format,
      timezone: dates.timeZone,
      document: sentPdfUrl(ctx, { pdfKey: template.pdfKey, reference: template.title }),
      document_pages: await documentPages(ctx, template.pdfKey),
      template_id: template.id,
      ...signingStamp(ctx, mine, stamp),
    };
    return { data: form, error: '' };
  }
  if (request.function !== 'submit') throw signingRefusal(fillTexts.keptWhenSent);
  if (first?.action === 'approve') throw signingRefusal(signingTexts.needsRecipients);
  // The later places go to the people the template names.
  const later = steps.slice(1);
  if (later.some((step) => !step.userId)) throw signingRefusal(signingTexts.needsRecipients);
  checkConsent(request);
  const answers = checkAnswers(mine, request.values, { form: { fields: template.fields, values: {} }, say: sayRuleIn(language) });
  const shown = shownNames(mine, request.values, { fields: template.fields, values: {} });
  const {
    signature,
    initials,
    stamped,
    values: marked,
  } = await signerMarks(ctx, {
    fields: mine,
    shown,
    sent: request.values,
    signature: request.signature,
    initials: request.initials,
    typedSignature,
    stamp,
    name: principal.displayName,
    language: companyLanguage,
  });
  const people: Recipient[] = [];
  for (const step of later) {
    const user = await findCompanyUser(ctx.db, principal.companyId, step.userId ?? 0);
    if (!user) throw signingRefusal(signingTexts.needsRecipients);
    people.push({ name: `${user.firstName} ${user.lastName}`.trim() || user.name, email: user.email, userId: user.id });
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    const created = await createForm(
      ctx,
      tx,
      principal,
      {
        template,
        recipients: [{ name: principal.displayName, email: principal.email, userId: principal.userId }, ...people],
        acted: new Map([
          [
            1,
            {
              status: first?.action === 'fill' ? ('filled' as const) : ('signed' as const),
              ...(signature ? { signature } : {}),
              ...(initials ? { initials } : {}),
            },
          ],
        ]),
        values: { ...answers.values, ...marked },
        files: answers.files,
        sequential: template.sequential,
        message: '',
        expiresAt: expiryOf(undefined, ctx.now()),
        tenantId: null,
      },
      origin,
    );
    const details = {
      order: 1,
      signature: signature?.kind ?? 'none',
      ...(initials ? { initials: initials.kind } : {}),
      via: 'account',
      consent: true,
      ...(stamped ? { stamp: stamped } : {}),
    };
    await recordEvent(tx, {
      event: 'signed',
      companyId: principal.companyId,
      actor: principal,
      target: created.form.reference,
      formId: created.form.id,
      origin,
      details,
    });
    // The places open from the start are told now (progress tells only those it opens).
    await queueMail(
      ctx,
      tx,
      turnMails(
        ctx,
        await mailFacts(tx, created.form),
        created.recipients.filter((recipient) => recipient.status === 'open'),
      ),
    );
    return progress(ctx, tx, created.form.id, origin);
  });
  const next = nextName(outcome.recipients);
  return receipt('signed', outcome.completed, next, say(language, outcome.completed ? fillTexts.complete : fillTexts.sentOn));
}
