/**
 * A form opened from a link (`POST /websigning`): load it, save a draft, submit it with a
 * typed or drawn signature, approve it or send it back with a comment. A recipient proves who
 * they are with their link's token, or by being signed in as the user of the form's company
 * the sender gave the place to (an approver always is); an email address proves nothing. A
 * step is taken once (`steps.ts`). A template's own id opens it to be filled in by a
 * signed-in person of its company, who then becomes its first recipient. Every step is
 * audited with the address and browser it came from.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { SigningForm, SigningReceipt, WebSigningRequest, WebSigningResponse } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { formRecipients, forms, users, type FieldDefinition, type FieldValue } from '../../db/schema.js';

import { mayReadRecords, prefillFields } from '../prepopulation/prefill.js';
import { findTemplate } from '../templates/repository.js';
import { stepOfField, stepsOf } from '../templates/rules.js';
import { fieldOf } from '../templates/handlers.js';
import { checkAnswers } from './answers.js';
import { AttachmentRefusal, attachmentTexts, removeUnused, storeFiles } from './documents.js';
import { sealedPdfUrl, tokenMatches } from './links.js';
import { afterProgress, hasActed, mailFacts, progress, turnMails, type FormRecord, type RecipientRecord } from './progression.js';
import { createForm, expiryOf, SendRefusal, type Recipient } from './send.js';
import { checkSaveLimit } from './save-limit.js';
import { lockStep, takeStep } from './steps.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { findCompany } from '../../companies/repository.js';

export const signingTexts = {
  invalid: 'This signing link is not valid.',
  withdrawn: 'This form was withdrawn by its sender.',
  expired: 'This signing link has expired. Please ask the sender for a new one.',
  alreadySigned: 'This form has already been signed.',
  notAnApprover: 'Only the person asked to approve this form can approve it or send it back.',
  logInToFill: 'Please log in to fill in this form.',
  needsRecipients: 'This template needs its recipients chosen: send it from Manage Template instead.',
  typedNotAllowed: 'A typed name is not accepted as a signature on this form. Please draw your signature.',
} as const;

const fail = (error: string): WebSigningResponse => ({ data: null, error });

/** A failure the contract gives its own status: a link that is not valid (400), a form withdrawn (404). */
function refuse(status: 400 | 404, message: string): never {
  throw new AppError(status === 404 ? AppErrorCode.NotFound : AppErrorCode.InvalidInput, message, { status });
}

function expired(form: FormRecord, now: Date): boolean {
  return form.status !== 'completed' && form.expiresAt !== null && form.expiresAt.getTime() < now.getTime();
}

/**
 * The fields as one recipient sees them: theirs to answer, the rest shown as answered. What
 * pre-population gave the form was fixed when it was sent (in its values); a link's holder
 * cannot name other records.
 */
function fieldsFor(form: FormRecord, recipient: RecipientRecord, editable: boolean): SigningForm['fields'] {
  const values: Record<string, FieldValue> = { ...form.values, ...(editable ? (recipient.draft ?? {}) : {}) };
  return form.fields.map((field) => {
    const answers = editable && recipient.action !== 'approve' && field.step !== 0 && stepOfField(field) === recipient.order;
    const value = values[field.name];
    return { ...fieldOf(field), ...(value !== undefined ? { value } : {}), readonly: !answers };
  });
}

function editableFields(form: FormRecord, recipient: RecipientRecord): FieldDefinition[] {
  return form.fields.filter((field) => field.step !== 0 && stepOfField(field) === recipient.order);
}

/** The company a form is of, as a signer meets it: its name, and whether a typed name signs. */
async function companyOf(ctx: ServerContext, companyId: number): Promise<{ name: string | null; typedSignature: boolean }> {
  const company = await findCompany(ctx.db, companyId);
  // The setting is on unless the company turned it off.
  return { name: company?.name ?? null, typedSignature: company?.settings.allow_typed_signature !== false };
}

/** What is wrong with a signature given: a drawing that is not a PNG or too large, or a typed name where the company takes only drawn ones. */
function signatureProblem(signature: WebSigningRequest['signature'], typedSignature: boolean): string | null {
  if (!signature) return null;
  if (signature.kind === 'drawn' && !/^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(signature.value)) return 'The drawn signature could not be read. Please draw it again.';
  if (signature.value.length > 500_000) return 'The drawn signature is too large. Please draw it again.';
  if (signature.kind === 'typed' && !typedSignature) return signingTexts.typedNotAllowed;
  return null;
}

async function findRecipient(ctx: ServerContext, request: WebSigningRequest, principal: Principal | null): Promise<{ form: FormRecord; recipient: RecipientRecord; via: 'link' | 'account' }> {
  const [row] = await ctx.db.select({ recipient: formRecipients, form: forms }).from(formRecipients).innerJoin(forms, eq(forms.id, formRecipients.formId)).where(eq(formRecipients.pageId, request.id));
  if (!row) refuse(400, signingTexts.invalid);
  const { form, recipient } = row;
  const byToken = tokenMatches(ctx.keys, recipient.pageId, request.token ?? '');
  // The account the sender gave this place (a user of the form's company); an email address never identifies anyone.
  const byUser = principal !== null && recipient.userId !== null && recipient.userId === principal.userId && recipient.companyId === principal.companyId && form.companyId === principal.companyId;
  if (!byToken && !byUser) refuse(400, signingTexts.invalid);
  if (form.status === 'cancelled' || form.deletedAt) refuse(404, signingTexts.withdrawn);
  return { form, recipient, via: byUser ? 'account' : 'link' };
}

async function signingForm(ctx: ServerContext, form: FormRecord, recipient: RecipientRecord): Promise<SigningForm> {
  const open = recipient.status === 'open' && form.status !== 'completed' && form.status !== 'disapproved';
  const company = await companyOf(ctx, form.companyId);
  return {
    id: recipient.pageId,
    title: form.title,
    message: form.message,
    sender: company.name ? `${form.senderName}, ${company.name}` : form.senderName,
    signer: { name: recipient.name, email: recipient.email, order: recipient.order },
    status: form.status === 'completed' ? 'completed' : hasActed(recipient) || !open ? 'signed' : 'open',
    fields: fieldsFor(form, recipient, open),
    expires_at: form.expiresAt ? form.expiresAt.toISOString() : null,
    // A complete form's copy for the person who signed it, once sealed (the page asks again until then).
    pdf: form.status === 'completed' ? sealedPdfUrl(ctx, form) : null,
    allow_typed_signature: company.typedSignature,
  };
}

async function load(ctx: ServerContext, form: FormRecord, recipient: RecipientRecord, origin: Origin): Promise<WebSigningResponse> {
  const now = ctx.now();
  if (recipient.status === 'waiting') {
    const [first] = await ctx.db
      .select({ name: formRecipients.name })
      .from(formRecipients)
      .where(and(eq(formRecipients.formId, form.id), eq(formRecipients.status, 'open')))
      .orderBy(asc(formRecipients.order))
      .limit(1);
    return fail(`This form is not ready for you yet: ${first?.name ?? 'someone else'} acts first. You will get an email when it is your turn.`);
  }
  if (expired(form, now) && recipient.status === 'open') return fail(signingTexts.expired);
  if (recipient.status === 'open' && !recipient.openedAt) {
    await ctx.db.transaction(async (tx) => {
      // Opened once, however many loads arrive together.
      const opened = await tx
        .update(formRecipients)
        .set({ openedAt: now })
        .where(and(eq(formRecipients.id, recipient.id), eq(formRecipients.status, 'open'), isNull(formRecipients.openedAt)))
        .returning({ id: formRecipients.id });
      if (opened.length === 0) return;
      await recordEvent(tx, { event: 'opened', companyId: form.companyId, actor: { userId: recipient.userId, name: recipient.name }, target: form.reference, formId: form.id, origin, details: { order: recipient.order } });
    });
  }
  return { data: await signingForm(ctx, form, recipient), error: '' };
}

function receipt(status: SigningReceipt['status'], completed: boolean, next: string, message: string): WebSigningResponse {
  return { data: { status, completed, next, message }, error: '' };
}

function nextName(recipients: readonly RecipientRecord[]): string {
  return recipients.find((recipient) => recipient.status === 'open')?.name ?? '';
}

/** The file fields of `fields` answered with nothing: a file kept before for them goes. */
function clearedFiles(fields: readonly FieldDefinition[], values: Record<string, FieldValue>): string[] {
  return fields.filter((field) => field.type === 'file' && (values[field.name] === null || values[field.name] === undefined)).map((field) => field.name);
}

/** Runs a step that keeps files; a file past the storage quota refuses it in the signer's words. */
async function attaching<T>(step: () => Promise<T>): Promise<T | string> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof AttachmentRefusal) return error.message;
    throw error;
  }
}

/**
 * Why a recipient cannot act now, seen under the form's lock (`lockStep`): the form was
 * withdrawn (404), the step is taken or the form is closed, or the link has expired.
 */
function stepRefusal(form: FormRecord, recipient: RecipientRecord, now: Date): string | null {
  if (form.status === 'cancelled' || form.deletedAt) refuse(404, signingTexts.withdrawn);
  if (recipient.status !== 'open' || form.status === 'completed' || form.status === 'disapproved') return signingTexts.alreadySigned;
  if (expired(form, now)) return signingTexts.expired;
  return null;
}

async function act(ctx: ServerContext, request: WebSigningRequest, principal: Principal | null, form: FormRecord, recipient: RecipientRecord, origin: Origin, via: 'link' | 'account'): Promise<WebSigningResponse> {
  const now = ctx.now();
  if (hasActed(recipient) || recipient.status === 'disapproved') return fail(signingTexts.alreadySigned);
  if (recipient.status === 'waiting') return load(ctx, form, recipient, origin);
  const early = stepRefusal(form, recipient, now);
  if (early) return fail(early);
  const who = { userId: recipient.userId, name: recipient.name };

  if (request.function === 'save') {
    const fields = editableFields(form, recipient);
    const answers = checkAnswers(fields, request.values, { draft: true });
    if (!answers.ok) return fail(answers.reason);
    const saved = await attaching(() =>
      ctx.db.transaction(async (tx) => {
        const current = await lockStep(tx, form.id, recipient.id);
        const refusal = stepRefusal(current.form, current.recipient, now);
        if (refusal) return refusal;
        await checkSaveLimit(tx, form.id, recipient.order);
        if (!(await takeStep(tx, recipient.id, { draft: answers.values, openedAt: current.recipient.openedAt ?? now }))) return signingTexts.alreadySigned;
        const stored = await storeFiles(ctx, tx, form, answers.files, recipient.name, clearedFiles(fields, answers.values));
        await recordEvent(tx, { event: 'saved', companyId: form.companyId, actor: who, target: form.reference, formId: form.id, origin, details: { order: recipient.order } });
        return stored;
      }),
    );
    if (typeof saved === 'string') return fail(saved);
    await removeUnused(ctx, form.id, saved);
    return receipt('saved', false, '', 'Your answers have been saved. Open this link again to finish.');
  }

  if (request.function === 'approve' || request.function === 'disapprove') {
    if (recipient.action !== 'approve' || !principal || principal.userId !== recipient.userId) return fail(signingTexts.notAnApprover);
    const comment = (request.comment ?? '').trim();
    if (request.function === 'disapprove' && !comment) return fail('Please say why you send the form back.');
    const outcome = await ctx.db.transaction(async (tx) => {
      const current = await lockStep(tx, form.id, recipient.id);
      const refusal = stepRefusal(current.form, current.recipient, now);
      if (refusal) return refusal;
      const status = request.function === 'approve' ? 'approved' : 'disapproved';
      if (!(await takeStep(tx, recipient.id, { status, actedAt: now, comment, ip: origin.ip, userAgent: origin.userAgent }))) return signingTexts.alreadySigned;
      await recordEvent(tx, { event: status, companyId: form.companyId, actor: principal, target: form.reference, formId: form.id, origin, details: { order: recipient.order, comment, via } });
      return progress(ctx, tx, form.id, origin);
    });
    if (typeof outcome === 'string') return fail(outcome);
    await afterProgress(ctx, outcome);
    if (request.function === 'disapprove') return receipt('disapproved', false, '', 'The form has gone back to its sender with your comment.');
    return receipt('approved', outcome.completed, nextName(outcome.recipients), outcome.completed ? 'Thank you. The form is approved and complete.' : 'Thank you. Your approval has been recorded.');
  }

  if (request.function !== 'submit') return fail(signingTexts.invalid);
  if (recipient.action === 'approve') return fail('This form asks you to approve it or send it back, not to sign it.');
  const fields = editableFields(form, recipient);
  const answers = checkAnswers(fields, { ...(recipient.draft ?? {}), ...request.values });
  if (!answers.ok) return fail(answers.reason);
  const signatureFields = fields.filter((field) => field.type === 'signature');
  const signature = request.signature;
  if (signatureFields.some((field) => field.required) && !signature?.value.trim()) return fail('Please sign: type your name or draw your signature.');
  const unsigned = signatureProblem(signature, (await companyOf(ctx, form.companyId)).typedSignature);
  if (unsigned) return fail(unsigned);
  const signedValues: Record<string, FieldValue> = {};
  for (const field of signatureFields) signedValues[field.name] = signature ? (signature.kind === 'typed' ? signature.value.trim() : `Signed by ${recipient.name}`) : null;

  const outcome = await attaching(() =>
    ctx.db.transaction(async (tx) => {
      const current = await lockStep(tx, form.id, recipient.id);
      const refusal = stepRefusal(current.form, current.recipient, now);
      if (refusal) return refusal;
      const taken = await takeStep(tx, recipient.id, {
        status: recipient.action === 'fill' ? 'filled' : 'signed',
        actedAt: now,
        openedAt: current.recipient.openedAt ?? now,
        draft: null,
        ...(signature ? { signature: { kind: signature.kind, value: signature.kind === 'typed' ? signature.value.trim() : signature.value } } : {}),
        ip: origin.ip,
        userAgent: origin.userAgent,
      });
      if (!taken) return signingTexts.alreadySigned;
      const stored = await storeFiles(ctx, tx, form, answers.files, recipient.name, clearedFiles(fields, answers.values));
      await tx
        .update(forms)
        .set({ values: sql`${forms.values} || ${JSON.stringify({ ...answers.values, ...signedValues })}::jsonb` })
        .where(eq(forms.id, form.id));
      await recordEvent(tx, { event: 'signed', companyId: form.companyId, actor: who, target: form.reference, formId: form.id, origin, details: { order: recipient.order, signature: signature?.kind ?? 'none', via } });
      return { ...(await progress(ctx, tx, form.id, origin)), stored };
    }),
  );
  if (typeof outcome === 'string') return fail(outcome);
  await removeUnused(ctx, form.id, outcome.stored);
  await afterProgress(ctx, outcome);
  const next = nextName(outcome.recipients);
  return receipt('signed', outcome.completed, next, outcome.completed ? 'Thank you. Everyone has signed: the form is complete.' : 'Thank you. Your signature has been recorded.');
}

/**
 * A template opened to be filled in (`/open-signing/{templateId}`) by a signed-in person of its
 * company. Records named by `refs` fill it only for a person who may read them.
 */
async function fillTemplate(ctx: ServerContext, request: WebSigningRequest, principal: Principal | null, origin: Origin): Promise<WebSigningResponse> {
  if (!principal) return fail(signingTexts.logInToFill);
  const template = await findTemplate(ctx.db, principal.companyId, Number(request.id));
  if (!template) refuse(400, signingTexts.invalid);
  if (template.status !== 'active') return fail('This template is archived: it cannot be filled in.');
  const steps = stepsOf(template.steps);
  const [first] = steps;
  const mine = template.fields.filter((field) => field.step === 0 || stepOfField(field) === 1);
  const { typedSignature } = await companyOf(ctx, principal.companyId);
  if (request.function === 'load') {
    const form: SigningForm = {
      id: String(template.id),
      title: template.title,
      message: template.description,
      sender: `${principal.displayName}, ${principal.companyName}`,
      signer: { name: principal.displayName, email: principal.email, order: 1 },
      status: 'open',
      fields: (request.refs && mayReadRecords(principal) ? await prefillFields(ctx, principal.companyId, request.refs, template.fields) : template.fields).map((field, index) => ({ ...fieldOf(field), readonly: !mine.includes(template.fields[index] as FieldDefinition) })),
      expires_at: null,
      allow_typed_signature: typedSignature,
    };
    return { data: form, error: '' };
  }
  if (request.function !== 'submit') return fail('A form filled in here is kept when it is sent.');
  if (first?.action === 'approve') return fail(signingTexts.needsRecipients);
  // The later places go to the people the template names.
  const later = steps.slice(1);
  if (later.some((step) => !step.userId)) return fail(signingTexts.needsRecipients);
  const answers = checkAnswers(mine, request.values);
  if (!answers.ok) return fail(answers.reason);
  const signatureFields = mine.filter((field) => field.type === 'signature');
  if (signatureFields.some((field) => field.required) && !request.signature?.value.trim()) return fail('Please sign: type your name or draw your signature.');
  const unsigned = signatureProblem(request.signature, typedSignature);
  if (unsigned) return fail(unsigned);
  const people = await Promise.all(
    later.map(async (step) => {
      const [user] = await ctx.db.select().from(users).where(and(eq(users.id, step.userId ?? 0), eq(users.companyId, principal.companyId)));
      if (!user) throw new SendRefusal('-1', signingTexts.needsRecipients);
      return { name: `${user.firstName} ${user.lastName}`.trim() || user.name, email: user.email, userId: user.id } satisfies Recipient;
    }),
  ).catch((error: unknown) => {
    if (error instanceof SendRefusal) return null;
    throw error;
  });
  if (!people) return fail(signingTexts.needsRecipients);
  const signedValues = Object.fromEntries(signatureFields.map((field) => [field.name, request.signature ? (request.signature.kind === 'typed' ? request.signature.value.trim() : `Signed by ${principal.displayName}`) : null]));
  try {
    const outcome = await ctx.db.transaction(async (tx) => {
      const created = await createForm(
        ctx,
        tx,
        principal,
        {
          template,
          recipients: [{ name: principal.displayName, email: principal.email, userId: principal.userId }, ...people],
          acted: new Map([[1, { status: first?.action === 'fill' ? ('filled' as const) : ('signed' as const), ...(request.signature ? { signature: request.signature } : {}) }]]),
          values: { ...answers.values, ...signedValues },
          files: answers.files,
          sequential: template.sequential,
          message: '',
          expiresAt: expiryOf(undefined, ctx.now()),
          tenantId: null,
        },
        origin,
      );
      await recordEvent(tx, { event: 'signed', companyId: principal.companyId, actor: principal, target: created.form.reference, formId: created.form.id, origin, details: { order: 1, signature: request.signature?.kind ?? 'none', via: 'account' } });
      const moved = await progress(ctx, tx, created.form.id, origin);
      // The places open from the start are told now (progress tells only those it opens).
      const facts = await mailFacts(tx, moved.form);
      return { ...moved, mail: [...turnMails(ctx, facts, created.recipients.filter((recipient) => recipient.status === 'open')), ...moved.mail] };
    });
    await afterProgress(ctx, outcome);
    const next = nextName(outcome.recipients);
    return receipt('signed', outcome.completed, next, outcome.completed ? 'Thank you. The form is complete.' : 'Thank you. The form has been sent on.');
  } catch (error) {
    if (error instanceof SendRefusal) return fail(error.message);
    if (error instanceof AttachmentRefusal) return fail(attachmentTexts.storageFullHere);
    throw error;
  }
}

export async function webSigning(ctx: ServerContext, request: WebSigningRequest, principal: Principal | null, origin: Origin): Promise<WebSigningResponse> {
  if (/^\d{1,9}$/.test(request.id)) return fillTemplate(ctx, request, principal, origin);
  const { form, recipient, via } = await findRecipient(ctx, request, principal);
  // `refs` is not read here: what pre-fills a sent form was fixed by its sender.
  if (request.function === 'load') return load(ctx, form, recipient, origin);
  return act(ctx, request, principal, form, recipient, origin, via);
}
