/**
 * The document a signing link's holder is about to seal (`POST /signing-preview`): the same
 * pages the seal will produce (`sealing/render.ts`), without the certificate and the audit
 * trail, with what was answered before this step and the answers being given now drawn in.
 * It is opened exactly as the signing link opens its place (the link's token, or the signed-in
 * recipient it was given to), and only while that step is open: a later step's link sees
 * nothing of the form, and fields of later steps are not drawn. Nothing is stored. The PDF is
 * made in a file worker, within its time and memory budget, so that no other request waits.
 */
import type { SigningPreviewRequest, WebSigningRequest } from '@formsign/sdk/contract';
import type { Principal } from '../../auth/principal.js';
import { companyName } from '../../companies/repository.js';
import type { ServerContext } from '../../context.js';
import type { CompanyStamp, FieldDefinition, FieldValue } from '../../db/schema.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { FileWorkRefused } from '../../files/file-work.js';
import type { DocumentInput, RenderedRecipient } from '../../sealing/render.js';
import { filesByKey } from '../../sealing/seal.js';
import { stampKeysOf } from '../../companies/stamp.js';
import { findTemplate } from '../templates/repository.js';
import { stepOfField } from '../templates/steps.js';
import { checkAnswers, type AnswerOptions } from './answers.js';
import { formToSeal } from './completed-forms-repository.js';
import { notYourTurnTexts, placeOfLink } from './open-signing-form.js';
import { drawnTexts } from './signer-marks.js';
import { proofMissing, verificationTexts } from './verify-signer.js';
import { hasActed } from './progression.js';
import { firstOpenName } from './repository.js';
import {
  checkInitials,
  editableFields,
  expired,
  initialledValue,
  invalidLink,
  signingCompany,
  signingTexts,
  type Initials,
} from './signing-rules.js';
import { msg, filled, type Words } from '#words';
import { say, type Language } from '../../i18n/i18n.js';

export type PreviewContext = Pick<ServerContext, 'db' | 'keys' | 'now' | 'files' | 'fileWork'>;

type Signature = NonNullable<SigningPreviewRequest['signature']>;

export const previewTexts = {
  busy: msg({ message: 'Many documents are being prepared at the moment. Please try again in a minute.' }),
  tooCostly: msg({ message: 'This document could not be prepared: it takes longer than the time allowed. Please tell the person who sent it.' }),
  badDrawing: signingTexts.signatureUnreadable,
  /** The reference a template's preview shows, before it is sent as a form. */
  notYetSent: msg({ message: 'Not yet sent' }),
};

/** A step that cannot be shown now: answered 409, in signing's own body. */
const conflict = (text: Words): AppError => new AppError(AppErrorCode.Conflict, text, { status: 409 });

/** A signature as the preview draws it; a drawing that is not a PNG, or a typed name the company refuses, is refused as signing refuses it. */
function checkedSignature(signature: Signature | undefined, typedSignature: boolean): Signature | null {
  if (!signature?.value.trim()) return null;
  if (signature.kind === 'drawn' && !/^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(signature.value))
    throw new AppError(AppErrorCode.InvalidInput, previewTexts.badDrawing);
  if (signature.kind === 'typed' && !typedSignature) throw new AppError(AppErrorCode.InvalidInput, signingTexts.typedNotAllowed);
  return signature.kind === 'typed' ? { kind: 'typed', value: signature.value.trim() } : signature;
}

/** Initials as the preview draws them, checked as signing checks them (none may be given yet); refused with a 400. */
function checkedInitials(fields: readonly FieldDefinition[], initials: Initials | undefined, typedSignature: boolean): Initials | null {
  const initialsFields = fields.filter((field) => field.type === 'initials');
  return checkInitials(initialsFields, initials, typedSignature, { draft: true, refuse: (text) => new AppError(AppErrorCode.InvalidInput, text) });
}

/** The answers given now to `fields`, cleaned as a draft is (required ones may still be empty); signature and initials fields take the signer's. */
function answersNow(
  fields: readonly FieldDefinition[],
  values: SigningPreviewRequest['values'],
  given: { signature: Signature | null; initials: Initials | null },
  name: string,
  form: AnswerOptions['form'],
  stamp: CompanyStamp | null,
  language: Language,
) {
  const { signature, initials } = given;
  const answers = checkAnswers(fields, values as Record<string, FieldValue> | undefined, { draft: true, form }).values;
  for (const field of fields) {
    if (field.type === 'signature')
      answers[field.name] = signature ? (signature.kind === 'typed' ? signature.value : say(language, drawnTexts.signedBy, { name })) : null;
    if (field.type === 'initials') answers[field.name] = initialledValue(initials, name, language);
    // A stamp applied now is the organisation's as it is now, as signing takes it.
    if (field.type === 'stamp') answers[field.name] = stamp && (values?.[field.name] === true || values?.[field.name] === 'true') ? stamp.key : null;
  }
  return answers;
}

async function rendered(ctx: PreviewContext, input: DocumentInput): Promise<Uint8Array> {
  try {
    return await ctx.fileWork.run('document-preview', input);
  } catch (error) {
    if (error instanceof FileWorkRefused && error.failure === 'busy')
      throw new AppError(AppErrorCode.Unavailable, previewTexts.busy, { retryAfterSeconds: 30, detail: error.message });
    if (error instanceof FileWorkRefused && (error.failure === 'time' || error.failure === 'memory'))
      throw new AppError(AppErrorCode.InvalidInput, previewTexts.tooCostly, { detail: error.message });
    throw error;
  }
}

const nobody = { ip: '', userAgent: '', signedIn: false, comment: '', openedAt: null, actedAt: null } as const;

/** A template opened to be filled in by a signed-in person of its company (`/open-signing/{templateId}`): the first step's fields. */
async function templatePreview(ctx: PreviewContext, request: SigningPreviewRequest, principal: Principal | null): Promise<Uint8Array> {
  if (!principal) throw new AppError(AppErrorCode.Unauthorized, signingTexts.logInToFill, { status: 400 });
  const template = await findTemplate(ctx.db, principal.companyId, Number(request.id));
  if (!template || template.status !== 'active') throw invalidLink();
  const fields = template.fields.filter((field) => field.step === 0 || stepOfField(field) === 1);
  // In the language the form filled in from it will have: its organisation's.
  const { typedSignature, dates, stamp, language } = await signingCompany(ctx, principal.companyId);
  const signature = checkedSignature(request.signature, typedSignature);
  const initials = checkedInitials(fields, request.initials, typedSignature);
  const values = answersNow(
    fields,
    request.values,
    { signature, initials },
    principal.displayName,
    { fields: template.fields, values: {} },
    stamp,
    language,
  );
  const me: RenderedRecipient = {
    ...nobody,
    order: 1,
    label: '',
    name: principal.displayName,
    email: principal.email,
    action: 'sign',
    status: 'open',
    signature,
    initials,
  };
  return rendered(ctx, {
    language,
    reference: say(language, previewTexts.notYetSent),
    title: template.title,
    template: template.title,
    company: principal.companyName,
    sender: principal.displayName,
    sentAt: null,
    completedAt: null,
    fields,
    values,
    recipients: [me],
    templatePdf: template.pdfKey ? await ctx.files.get(template.pdfKey) : null,
    dates,
    stamps: await filesByKey(ctx, stampKeysOf(principal.companyId, fields, values)),
  });
}

export async function previewSigningForm(ctx: PreviewContext, request: SigningPreviewRequest, principal: Principal | null): Promise<Uint8Array> {
  if (/^\d{1,9}$/.test(request.id)) return templatePreview(ctx, request, principal);
  const link: WebSigningRequest = {
    function: 'load',
    id: request.id,
    ...(request.token !== undefined ? { token: request.token } : {}),
    ...(request.proof !== undefined ? { proof: request.proof } : {}),
  };
  const place = await placeOfLink(ctx, link, principal, { unproven: true });
  // Nothing of the form for a holder who has yet to give the code its place asks for.
  if (proofMissing(ctx, place, request.proof)) throw conflict(verificationTexts.first);
  const { form, recipient } = place;
  // Only the person whose turn it is sees the document, and only while their step is open.
  if (recipient.status === 'waiting') {
    const first = await firstOpenName(ctx.db, form.id);
    throw conflict(first ? filled(notYourTurnTexts.named, { name: first }) : notYourTurnTexts.someoneElse);
  }
  if (hasActed(recipient) || recipient.status !== 'open' || form.status === 'completed' || form.status === 'disapproved')
    throw conflict(signingTexts.alreadySigned);
  if (expired(form, ctx.now())) throw conflict(signingTexts.expired);

  const found = await formToSeal(ctx.db, form.id);
  if (!found) throw invalidLink();
  const shown = form.fields.filter((field) => field.step === 0 || stepOfField(field) <= recipient.order);
  const mine = recipient.action === 'approve' ? [] : editableFields(form, recipient);
  const { typedSignature, dates, stamp } = await signingCompany(ctx, form.companyId);
  const signature = recipient.action === 'approve' ? null : checkedSignature(request.signature, typedSignature);
  const initials = recipient.action === 'approve' ? null : checkedInitials(mine, request.initials, typedSignature);
  const values: Record<string, FieldValue> = {};
  for (const field of shown) if (form.values[field.name] !== undefined) values[field.name] = form.values[field.name] ?? null;
  Object.assign(
    values,
    answersNow(mine, request.values, { signature, initials }, recipient.name, { fields: form.fields, values }, stamp, form.language),
  );

  const recipients: RenderedRecipient[] = found.recipients
    .filter((other) => other.order <= recipient.order)
    .map((other) => ({
      ...nobody,
      order: other.order,
      label: other.label,
      name: other.name,
      email: other.email,
      action: other.action,
      status: other.status,
      signature: other.id === recipient.id ? signature : hasActed(other) ? (other.signature ?? null) : null,
      initials: other.id === recipient.id ? initials : hasActed(other) ? (other.initials ?? null) : null,
    }));
  return rendered(ctx, {
    language: form.language,
    reference: form.reference,
    title: form.title,
    template: found.template,
    company: (await companyName(ctx.db, form.companyId)) ?? '',
    sender: form.senderName,
    sentAt: form.sentAt,
    completedAt: null,
    fields: shown,
    values,
    recipients,
    templatePdf: form.pdfKey ? await ctx.files.get(form.pdfKey) : null,
    dates,
    stamps: await filesByKey(ctx, stampKeysOf(form.companyId, shown, values)),
  });
}
