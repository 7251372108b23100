/**
 * Sending a form: a template, a person for each place of its order, the sender's own
 * answers, a note and an expiry. Sending uses one envelope, in the same transaction as the
 * form (`new-form.ts`); with none left it is refused. The recipients whose turn it is are
 * mailed their links, queued with the form. A refusal answers the contract's code with the
 * company's envelopes left (`sendFormRefusal`).
 */
import { appCodes, type SendFormRequest, type SendFormResult } from '@formsign/sdk/contract';
import type { Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { Database } from '../../db/database.js';
import type { FieldDefinition, FieldValue, StepDefinition } from '../../db/schema.js';
import type { RefusalBody } from '../../http/errors.js';
import { unusedEnvelopes } from '../../companies/repository.js';
import { findTenant } from '../cases/repository.js';
import { mayReadRecords, prefillFields } from '../prepopulation/prefill.js';
import { findTemplate } from '../templates/repository.js';
import { stepOfField, stepsOf } from '../templates/steps.js';
import { activeCompanyUserByEmail, activeCompanyUsers, type UserRecord } from '../users/repository.js';
import { checkAnswers, type Answers } from './answers.js';
import { createForm, expiryOf, formRefusal, type NewForm, type Recipient } from './new-form.js';
import { mailFacts, queueMail, turnMails, type FormsContext } from './progression.js';
import { msg } from '#words';
import { sayRuleIn } from '../../i18n/rule-words.js';
import type { SayRule } from '@formsign/sdk/field-rules';
import type { Language } from '../../i18n/i18n.js';

const personOf = (user: UserRecord): Recipient => ({
  name: `${user.firstName} ${user.lastName}`.trim() || user.name,
  email: user.email,
  userId: user.id,
});

const sendTexts = {
  placesCount: msg({
    message:
      '{count, plural, one {This template goes to # person ({places}): choose someone for each.} other {This template goes to # people ({places}): choose someone for each.}}',
  }),
  notAUser: msg({ message: '"{name}" is not a user of your company who can log in.' }),
  approverNotAUser: msg({ message: '{place} approves the form, so must be a user of your company: choose them from your people.' }),
  noAccessCode: msg({ message: '{place} is not asked for an access code: send the form without one for them.' }),
  nameMissing: msg({ message: 'Give the name of {place}.' }),
  recordsAdminsOnly: msg({ message: 'Only an administrator can fill a form from pre-population records.' }),
  notYourCase: msg({ message: 'That case is not one of your company’s, or not one you work on.' }),
};

/** The people for each place: users by id (their own name and email), others as typed; approvers must be users. */
export async function resolveRecipients(
  db: Database,
  companyId: number,
  steps: readonly StepDefinition[],
  sent: SendFormRequest['recipients'],
): Promise<Recipient[]> {
  if (sent.length !== steps.length) {
    throw formRefusal('-1', sendTexts.placesCount, { count: steps.length, places: steps.map((step) => step.label).join(', ') });
  }
  const ids = sent.map((recipient) => recipient.user_id).filter((id): id is number => typeof id === 'number');
  const known = await activeCompanyUsers(db, companyId, ids);
  return Promise.all(
    sent.map(async (recipient, index) => {
      const step = steps[index] as StepDefinition;
      let user = typeof recipient.user_id === 'number' ? known.find((row) => row.id === recipient.user_id) : undefined;
      if (typeof recipient.user_id === 'number' && !user) throw formRefusal('-1', sendTexts.notAUser, { name: recipient.name });
      if (!user && step.action === 'approve') {
        // An approver typed by email is found among the company's users.
        user = await activeCompanyUserByEmail(db, companyId, recipient.email);
        if (!user) throw formRefusal('-1', sendTexts.approverNotAUser, { place: step.label });
      }
      const accessCode = recipient.access_code?.trim();
      if (accessCode !== undefined && (step.verification !== 'access-code' || step.action === 'copy'))
        throw formRefusal('-1', sendTexts.noAccessCode, { place: step.label });
      const code = accessCode ? { accessCode } : {};
      if (user) return { ...personOf(user), ...code };
      const name = recipient.name.trim();
      if (!name) throw formRefusal('-1', sendTexts.nameMissing, { place: step.label });
      return { name, email: recipient.email.trim(), userId: null, ...code };
    }),
  );
}

/**
 * A new form's values: the sender's answers (checked, the fields' own values filling what they
 * leave out) and, for the recipients' fields, the values their fields are given in advance.
 */
export function formValues(fields: readonly FieldDefinition[], sent: Record<string, FieldValue> | undefined, say?: SayRule): Answers {
  const senderFields = fields.filter((field) => field.step === 0);
  const prefilled = Object.fromEntries(
    senderFields.flatMap((field) => (field.value === undefined || field.value === null ? [] : [[field.name, field.value]])),
  );
  // The sender's fields are checked as the form will hold them: conditions read the sender's own answers.
  const answers = checkAnswers(senderFields, { ...prefilled, ...sent }, { form: { fields, values: {} }, ...(say ? { say } : {}) });
  const defaults = Object.fromEntries(
    fields.filter((field) => field.value !== undefined && stepOfField(field) !== 0).map((field) => [field.name, field.value ?? null]),
  );
  return { values: { ...defaults, ...answers.values }, files: answers.files };
}

export async function sendForm(
  ctx: FormsContext,
  principal: Principal,
  request: SendFormRequest,
  origin: Origin,
  /** The language the sender's answers' refusals are said in: the request's. */
  language: Language = 'en',
): Promise<SendFormResult> {
  const template = await findTemplate(ctx.db, principal.companyId, request.template);
  if (!template || template.status !== 'active') throw formRefusal('-2');
  const steps = stepsOf(template.steps);
  const recipients = await resolveRecipients(ctx.db, principal.companyId, steps, request.recipients);
  // Pre-population: the records `refs` names fill the fields; what the sender typed wins. The
  // values are kept with the form: its signers see them, and cannot name other records.
  if (request.refs && !mayReadRecords(principal)) throw formRefusal('-1', sendTexts.recordsAdminsOnly);
  const fields = request.refs ? await prefillFields(ctx, principal.companyId, request.refs, template.fields) : template.fields;
  const answers = formValues(fields, request.values, sayRuleIn(language));
  // A case the sender may see: any of the company's for an administrator, else one they hold.
  if (request.tenant && !(await findTenant(ctx.db, principal, request.tenant))) throw formRefusal('-1', sendTexts.notYourCase);
  const draft: NewForm = {
    template,
    recipients,
    values: answers.values,
    files: answers.files,
    sequential: request.sequential ?? template.sequential,
    message: (request.message ?? '').trim(),
    expiresAt: expiryOf(request.expires_at, ctx.now()),
    tenantId: request.tenant ?? null,
    ...(request.language ? { language: request.language } : {}),
  };
  const created = await ctx.db.transaction(async (tx) => {
    const made = await createForm(ctx, tx, principal, draft, origin);
    // The recipients whose turn is open are mailed their links once the form is stored.
    await queueMail(
      ctx,
      tx,
      turnMails(
        ctx,
        await mailFacts(tx, made.form),
        made.recipients.filter((recipient) => recipient.status === 'open'),
      ),
    );
    return made;
  });
  return { code: 1, message: appCodes.sendForm['1'].text, id: created.form.id, reference: created.form.reference, unused: created.unused };
}

/** A refused send answers no form, and the envelopes the company has left. */
export function sendFormRefusal(ctx: Pick<FormsContext, 'db'>): RefusalBody<'sendForm'> {
  return async (refusal, request) => ({ ...refusal, id: null, reference: '', unused: await unusedEnvelopes(ctx.db, request.principal.companyId) });
}
