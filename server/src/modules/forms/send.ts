/**
 * Sending a form: a template, a person for each place of its order, the sender's own
 * answers, a note and an expiry. Sending uses one envelope, in the same transaction as the
 * form; with none left it is refused. The recipients whose turn it is are mailed their links
 * once the form is stored.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { appCodes, type SendFormRequest, type SendFormResult } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { digest } from '../../auth/tokens.js';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { formRecipients, forms, tenants, users, type FieldDefinition, type FieldValue, type StepDefinition } from '../../db/schema.js';
import { mayReadRecords, prefillFields } from '../prepopulation/prefill.js';
import { findTemplate, type TemplateRecord } from '../templates/repository.js';
import { stepOfField, stepsOf } from '../templates/rules.js';
import { checkAnswers } from './answers.js';
import { newPageId, signingToken } from './links.js';
import { mailFacts, sendAfterCommit, turnMails } from './progression.js';
import { nextReference } from './references.js';
import { AttachmentRefusal, attachmentTexts, storeFiles } from './documents.js';
import { unusedEnvelopes, useEnvelope } from '../../companies/repository.js';

type SendCode = keyof (typeof appCodes)['sendForm'];

export class SendRefusal extends Error {
  constructor(
    readonly code: SendCode,
    message?: string,
  ) {
    super(message ?? appCodes.sendForm[code].text);
  }
}

export interface Recipient {
  name: string;
  email: string;
  userId: number | null;
}

const day = 24 * 60 * 60_000;

/** The end of the chosen day (UTC), at most a year ahead; 30 days from now when none is chosen. */
export function expiryOf(chosen: string | undefined, now: Date): Date {
  if (!chosen) return new Date(now.getTime() + 30 * day);
  const end = new Date(`${chosen}T23:59:59Z`);
  if (Number.isNaN(end.getTime()) || end.getTime() < now.getTime()) throw new SendRefusal('-1', 'The expiry date must be today or later.');
  if (end.getTime() > now.getTime() + 366 * day) throw new SendRefusal('-1', 'The expiry date can be at most a year from now.');
  return end;
}

/** The people for each place: users by id (their own name and email), others as typed; approvers must be users. */
export async function resolveRecipients(db: Database, companyId: number, steps: readonly StepDefinition[], sent: SendFormRequest['recipients']): Promise<Recipient[]> {
  if (sent.length !== steps.length) {
    throw new SendRefusal('-1', `This template goes to ${steps.length} ${steps.length === 1 ? 'person' : 'people'} (${steps.map((step) => step.label).join(', ')}): choose someone for each.`);
  }
  const ids = sent.map((recipient) => recipient.user_id).filter((id): id is number => typeof id === 'number');
  const known = ids.length
    ? await db
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, name: users.name })
        .from(users)
        .where(and(eq(users.companyId, companyId), inArray(users.id, ids), isNull(users.blockedAt)))
    : [];
  return Promise.all(
    sent.map(async (recipient, index) => {
      const step = steps[index] as StepDefinition;
      let user = typeof recipient.user_id === 'number' ? known.find((row) => row.id === recipient.user_id) : undefined;
      if (typeof recipient.user_id === 'number' && !user) throw new SendRefusal('-1', `"${recipient.name}" is not a user of your company who can log in.`);
      if (!user && step.action === 'approve') {
        // An approver typed by email is found among the company's users.
        [user] = await db
          .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, name: users.name })
          .from(users)
          .where(and(eq(users.companyId, companyId), sql`lower(${users.email}) = ${recipient.email.trim().toLowerCase()}`, isNull(users.blockedAt)));
        if (!user) throw new SendRefusal('-1', `${step.label} approves the form, so must be a user of your company: choose them from your people.`);
      }
      if (user) return { name: `${user.firstName} ${user.lastName}`.trim() || user.name, email: user.email, userId: user.id };
      const name = recipient.name.trim();
      if (!name) throw new SendRefusal('-1', `Give the name of ${step.label}.`);
      return { name, email: recipient.email.trim(), userId: null };
    }),
  );
}

export interface NewForm {
  template: TemplateRecord;
  recipients: Recipient[];
  /** Places already acted on at creation (a form filled in by its first recipient). */
  acted?: Map<number, { status: 'signed' | 'filled'; signature?: { kind: 'drawn' | 'typed'; value: string } }>;
  values: Record<string, FieldValue>;
  files: Parameters<typeof storeFiles>[3];
  sequential: boolean;
  message: string;
  expiresAt: Date;
  tenantId: number | null;
}

/**
 * Stores a new form with its recipients and uses one envelope, in `tx`; answers the form and
 * the recipients whose turn is open now.
 */
export async function createForm(ctx: ServerContext, tx: Database, principal: Principal, draft: NewForm, origin: Origin) {
  const now = ctx.now();
  // A place is given to an account only of the sending company; anyone else is reached by their link alone.
  const bound = [...new Set(draft.recipients.flatMap((recipient) => (recipient.userId === null ? [] : [recipient.userId])))];
  if (bound.length > 0) {
    const known = await tx.select({ id: users.id }).from(users).where(and(eq(users.companyId, principal.companyId), inArray(users.id, bound)));
    if (known.length !== bound.length) throw new SendRefusal('-1', 'Every recipient chosen from your people must be a user of your company.');
  }
  const envelope = await useEnvelope(tx, principal.companyId);
  if (!envelope) throw new SendRefusal('-4');

  const steps = stepsOf(draft.template.steps);
  const title = `${draft.template.title} - ${draft.recipients[0]?.name ?? principal.displayName}`;
  let form;
  for (let attempt = 0; !form; attempt += 1) {
    const reference = await nextReference(tx, principal.companyId, envelope.name, now, attempt);
    try {
      // A savepoint, so that a taken reference can be tried again in the same transaction.
      form = await tx.transaction(async (savepoint) => {
        const [row] = await savepoint
          .insert(forms)
          .values({
            companyId: principal.companyId,
            templateId: draft.template.id,
            tenantId: draft.tenantId,
            reference,
            title,
            status: 'sent',
            senderId: principal.userId,
            senderName: principal.displayName,
            message: draft.message,
            sequential: draft.sequential,
            fields: draft.template.fields,
            pdfKey: draft.template.pdfKey,
            values: draft.values,
            steps: steps.length,
            createdAt: now,
            sentAt: now,
            updatedAt: now,
            expiresAt: draft.expiresAt,
          })
          .returning();
        return row;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 20) throw error;
    }
  }
  if (!form) throw new Error('The form was not stored.');

  const firstOpen = steps.findIndex((_step, index) => !draft.acted?.has(index + 1));
  const rows = steps.map((step, index) => {
    const order = index + 1;
    const recipient = draft.recipients[index] as Recipient;
    const pageId = newPageId();
    const done = draft.acted?.get(order);
    const open = !done && (!draft.sequential || index === firstOpen);
    return {
      formId: form.id,
      companyId: principal.companyId,
      order,
      action: step.action,
      label: step.label,
      name: recipient.name,
      email: recipient.email,
      userId: recipient.userId,
      status: done ? done.status : open ? ('open' as const) : ('waiting' as const),
      pageId,
      tokenHash: digest(signingToken(ctx.keys, pageId)),
      notifiedAt: open ? now : null,
      ...(done ? { actedAt: now, openedAt: now, ip: origin.ip, userAgent: origin.userAgent, ...(done.signature ? { signature: done.signature } : {}) } : {}),
    };
  });
  const recipients = await tx.insert(formRecipients).values(rows).returning();
  await storeFiles(ctx, tx, form, draft.files, principal.displayName);
  await recordEvent(tx, { event: 'created', companyId: principal.companyId, actor: principal, target: form.reference, formId: form.id, origin, details: { template: draft.template.id } });
  await recordEvent(tx, { event: 'sent', companyId: principal.companyId, actor: principal, target: form.reference, formId: form.id, origin, details: { to: recipients.map((recipient) => recipient.email) } });
  return { form, recipients, unused: Number(envelope.unused) };
}

export async function sendForm(ctx: ServerContext, principal: Principal, request: SendFormRequest, origin: Origin): Promise<SendFormResult> {
  const unusedNow = (): Promise<number> => unusedEnvelopes(ctx.db, principal.companyId);
  try {
    const template = await findTemplate(ctx.db, principal.companyId, request.template);
    if (!template || template.status !== 'active') throw new SendRefusal('-2');
    const steps = stepsOf(template.steps);
    const recipients = await resolveRecipients(ctx.db, principal.companyId, steps, request.recipients);
    // Pre-population: the records `refs` names fill the fields; what the sender typed wins. The
    // values are kept with the form: its signers see them, and cannot name other records.
    if (request.refs && !mayReadRecords(principal)) throw new SendRefusal('-1', 'Only an administrator can fill a form from pre-population records.');
    const fields = request.refs ? await prefillFields(ctx, principal.companyId, request.refs, template.fields) : template.fields;
    const senderFields: FieldDefinition[] = fields.filter((field) => field.step === 0);
    const prefilled = Object.fromEntries(senderFields.flatMap((field) => (field.value === undefined || field.value === null ? [] : [[field.name, field.value]])));
    const answers = checkAnswers(senderFields, { ...prefilled, ...request.values });
    if (!answers.ok) throw new SendRefusal('-1', answers.reason);
    if (request.tenant) {
      const [tenant] = await ctx.db.select({ id: tenants.id }).from(tenants).where(and(eq(tenants.id, request.tenant), eq(tenants.companyId, principal.companyId)));
      if (!tenant) throw new SendRefusal('-1', 'That case is not one of your company’s.');
    }
    const defaults = Object.fromEntries(fields.filter((field) => field.value !== undefined && stepOfField(field) !== 0).map((field) => [field.name, field.value ?? null]));
    const draft: NewForm = {
      template,
      recipients,
      values: { ...defaults, ...answers.values },
      files: answers.files,
      sequential: request.sequential ?? template.sequential,
      message: (request.message ?? '').trim(),
      expiresAt: expiryOf(request.expires_at, ctx.now()),
      tenantId: request.tenant ?? null,
    };
    const created = await ctx.db.transaction((tx) => createForm(ctx, tx, principal, draft, origin));
    const facts = await mailFacts(ctx.db, created.form);
    await sendAfterCommit(ctx, turnMails(ctx, facts, created.recipients.filter((recipient) => recipient.status === 'open')));
    return { code: 1, message: appCodes.sendForm['1'].text, id: created.form.id, reference: created.form.reference, unused: created.unused };
  } catch (caught) {
    const error = caught instanceof AttachmentRefusal ? new SendRefusal('-1', attachmentTexts.storageFullHere) : caught;
    if (!(error instanceof SendRefusal)) throw error;
    return { code: Number(error.code), message: error.message, id: null, reference: '', unused: await unusedNow() };
  }
}
