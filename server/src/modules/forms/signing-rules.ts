/**
 * The rules a signing link's steps share: how a refusal is answered (in signing's own body,
 * `{ data: null, error }`), when a place can be acted on, what a recipient sees of the fields,
 * and which signatures and initials are taken.
 */
import type { SigningForm, SigningReceipt, WebSigningRequest, WebSigningResponse } from '@formsign/sdk/contract';
import type { ServerContext } from '../../context.js';
import type { CompanyStamp, FieldDefinition, FieldValue } from '../../db/schema.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { dateStyleOf, type DateStyle } from '../../companies/dates.js';
import { findCompany } from '../../companies/repository.js';
import { languageOfSettings } from '../../companies/settings.js';
import { say, type Language } from '../../i18n/i18n.js';
import { fieldOf } from '../templates/field-shapes.js';
import { stepOfField } from '../templates/steps.js';
import { signedFileUrl } from '../../files/signed-urls.js';
import type { FormRecord, RecipientRecord } from './repository.js';
import { msg, filled, type Words } from '#words';

export const signingTexts = {
  invalid: msg({ message: 'This signing link is not valid.' }),
  withdrawn: msg({ message: 'This form was withdrawn by its sender.' }),
  expired: msg({ message: 'This signing link has expired. Please ask the sender for a new one.' }),
  alreadySigned: msg({ message: 'This form has already been signed.' }),
  notAnApprover: msg({ message: 'Only the person asked to approve this form can approve it or send it back.' }),
  logInToFill: msg({ message: 'Please log in to fill in this form.' }),
  needsRecipients: msg({ message: 'This template needs its recipients chosen: send it from Manage Template instead.' }),
  firstIsCopy: msg({ message: 'The first place of this template receives a copy and fills nothing in: send it from Manage Template instead.' }),
  noStamp: msg({
    message:
      "This form asks for the organisation's stamp, but the organisation has no stamp at the moment. Please ask the sender to upload it in Company Settings, or decline the form to tell them.",
  }),
  typedNotAllowed: msg({ message: 'A typed name is not accepted as a signature on this form. Please draw your signature.' }),
  pleaseSign: msg({ message: 'Please sign: type your name or draw your signature.' }),
  typedInitialsNotAllowed: msg({ message: 'Typed initials are not accepted on this form. Please draw your initials.' }),
  initialsUnreadable: msg({ message: 'The drawn initials could not be read. Please draw them again.' }),
  initialsTooLarge: msg({ message: 'The drawn initials are too large. Please draw them again.' }),
  initialsLetters: msg({ message: 'Typed initials are 1 to 5 letters, like "AB". Please type them again.' }),
  consent: msg({ message: 'By signing, I agree that my electronic signature is legally binding' }),
  consentMissing: msg({
    message:
      'The form was not signed: please confirm that you agree your electronic signature is legally binding ("By signing, I agree that my electronic signature is legally binding"), then sign again.',
  }),
  applyStamp: msg({ message: 'Please apply the stamp at "{label}".' }),
  signatureUnreadable: msg({ message: 'The drawn signature could not be read. Please draw it again.' }),
  signatureTooLarge: msg({ message: 'The drawn signature is too large. Please draw it again.' }),
  initialsMissing: msg({ message: 'Please give your initials for "{label}": type them or draw them.' }),
  /** What an initials field keeps when the initials were drawn (said in the form's language). */
  initialledBy: msg({ message: 'Initialled by {name}' }),
};

/** A form is signed only with the signer's consent that their electronic signature binds them (asked on the last screen). */
export function checkConsent(request: Pick<WebSigningRequest, 'consent'>): void {
  if (request.consent !== true) throw signingRefusal(signingTexts.consentMissing);
}

/** A step the link cannot take now: answered 200 with the reason, as the page shows it (`{ data: null, error }`). */
export function signingRefusal(text: Words, code: AppErrorCode = AppErrorCode.InvalidInput): AppError {
  return new AppError(code, text, { status: 200 });
}

/** A link that is not valid (400). */
export function invalidLink(): AppError {
  return new AppError(AppErrorCode.InvalidInput, signingTexts.invalid);
}

/** A form its sender withdrew: its links answer 404. */
export function withdrawnForm(): AppError {
  return new AppError(AppErrorCode.NotFound, signingTexts.withdrawn);
}

export function expired(form: FormRecord, now: Date): boolean {
  return form.status !== 'completed' && form.expiresAt !== null && form.expiresAt.getTime() < now.getTime();
}

/**
 * Why a recipient cannot act now, seen under the form's lock (`lockStep`): the form was
 * withdrawn (404), the step is taken or the form is closed, or the link has expired.
 */
export function checkStepOpen(form: FormRecord, recipient: RecipientRecord, now: Date): void {
  if (form.status === 'cancelled' || form.deletedAt) throw withdrawnForm();
  if (recipient.status !== 'open' || form.status === 'completed' || form.status === 'disapproved' || form.status === 'declined')
    throw signingRefusal(signingTexts.alreadySigned, AppErrorCode.Conflict);
  if (expired(form, now)) throw signingRefusal(signingTexts.expired, AppErrorCode.Expired);
}

/**
 * The fields as one recipient sees them: theirs to answer, the rest shown as answered. What
 * pre-population gave the form was fixed when it was sent (in its values); a link's holder
 * cannot name other records.
 */
export function fieldsFor(form: FormRecord, recipient: RecipientRecord, editable: boolean): SigningForm['fields'] {
  const values: Record<string, FieldValue> = { ...form.values, ...(editable ? (recipient.draft ?? {}) : {}) };
  return form.fields.map((field) => {
    const answers = editable && recipient.action !== 'approve' && field.step !== 0 && stepOfField(field) === recipient.order;
    // A signer sees the sender's answers, their own and those of the steps before theirs; in a form
    // signed in any order a later step may have answered first, and its answers are not theirs to read.
    // The approver reviews every answer.
    const seen = recipient.action === 'approve' || field.step === 0 || stepOfField(field) <= recipient.order;
    const value = seen ? values[field.name] : undefined;
    return { ...fieldOf(field), ...(value !== undefined ? { value } : {}), readonly: !answers };
  });
}

export function editableFields(form: FormRecord, recipient: RecipientRecord): FieldDefinition[] {
  return form.fields.filter((field) => field.step !== 0 && stepOfField(field) === recipient.order);
}

/** The company a form is of, as a signer meets it: its name, and whether a typed name signs. */
export async function signingCompany(
  ctx: Pick<ServerContext, 'db'>,
  companyId: number,
): Promise<{
  name: string | null;
  typedSignature: boolean;
  dates: DateStyle;
  embedOrigins: string[];
  stamp: CompanyStamp | null;
  language: Language;
}> {
  const company = await findCompany(ctx.db, companyId);
  // The setting is on unless the company turned it off.
  return {
    name: company?.name ?? null,
    typedSignature: company?.settings.allow_typed_signature !== false,
    dates: dateStyleOf(company?.settings),
    embedOrigins: company?.settings.embed_origins ?? [],
    stamp: company?.stamp ?? null,
    language: languageOfSettings(company?.settings ?? null),
  };
}

/**
 * The organisation's stamp as a place that answers a stamp field is shown it (a signed address
 * that works for two hours, given only to the link that opened the place); null when the
 * organisation has none; nothing for a place without a stamp field.
 */
export function signingStamp(
  ctx: Pick<ServerContext, 'keys' | 'now'>,
  fields: readonly FieldDefinition[],
  stamp: CompanyStamp | null,
): Pick<SigningForm, 'stamp'> {
  if (!fields.some((field) => field.type === 'stamp')) return {};
  if (!stamp) return { stamp: null };
  const url = signedFileUrl(ctx.keys, stamp.key, ctx.now(), { name: stamp.key.split('/').pop() ?? 'stamp', seconds: 2 * 60 * 60 });
  return { stamp: { url, width: stamp.width, height: stamp.height } };
}

/**
 * The stamps a signer applies to their `fields`: each shown stamp field sent `true` takes the
 * organisation's stamp as it is now, by its key (the client never names the image); a required
 * one not applied is refused, naming it; a hidden one asks none and keeps none. Where the
 * organisation has removed its stamp, a stamp asked for cannot be given, and the signer is
 * told to ask the sender.
 */
export function appliedStamps(
  fields: readonly FieldDefinition[],
  shown: ReadonlySet<string>,
  sent: Readonly<Record<string, FieldValue>> | undefined,
  stamp: CompanyStamp | null,
): Record<string, FieldValue> {
  const applied: Record<string, FieldValue> = {};
  for (const field of fields) {
    if (field.type !== 'stamp') continue;
    if (!shown.has(field.name)) {
      applied[field.name] = null;
      continue;
    }
    const value = sent?.[field.name];
    const given = value === true || value === 'true';
    if (!given && field.required && stamp) throw signingRefusal(filled(signingTexts.applyStamp, { label: field.label }));
    if ((given || field.required) && !stamp) throw signingRefusal(signingTexts.noStamp);
    applied[field.name] = given && stamp ? stamp.key : null;
  }
  return applied;
}

/**
 * Refuses a signature that is missing where a signature field needs one, a drawing that is not
 * a PNG or too large, or a typed name where the company takes only drawn ones.
 */
export function checkSignature(
  signatureFields: readonly FieldDefinition[],
  signature: WebSigningRequest['signature'],
  typedSignature: boolean,
): void {
  if (signatureFields.some((field) => field.required) && !signature?.value.trim()) throw signingRefusal(signingTexts.pleaseSign);
  if (!signature) return;
  if (signature.kind === 'drawn' && !/^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(signature.value))
    throw signingRefusal(signingTexts.signatureUnreadable);
  if (signature.value.length > 500_000) throw signingRefusal(signingTexts.signatureTooLarge);
  if (signature.kind === 'typed' && !typedSignature) throw signingRefusal(signingTexts.typedNotAllowed);
}

export type Initials = NonNullable<WebSigningRequest['initials']>;

/** Typed initials: 1 to 5 letters of any alphabet, nothing else. */
const initialsPattern = /^\p{L}{1,5}$/u;

/**
 * The signer's initials for the shown `initialsFields` of their place, checked and cleaned
 * (typed ones trimmed); null when there are no such fields, or none were given where none is
 * required. A required one without initials is refused naming its field; a drawing that is not
 * a PNG or too large, typed initials that are not 1 to 5 letters, or typed ones where the
 * company takes only drawn signatures, are refused as a signature is. `draft` initials may be
 * missing; `refuse` makes the refusal (signing's own, answered 200, unless told otherwise).
 */
export function checkInitials(
  initialsFields: readonly FieldDefinition[],
  initials: Initials | null | undefined,
  typedSignature: boolean,
  options: { draft?: boolean; refuse?: (text: Words) => AppError } = {},
): Initials | null {
  const refuse = options.refuse ?? signingRefusal;
  if (initialsFields.length === 0) return null;
  const given = initials?.value.trim() ? initials : null;
  const missing = initialsFields.find((field) => field.required);
  if (!given) {
    if (missing && !options.draft) throw refuse(filled(signingTexts.initialsMissing, { label: missing.label }));
    return null;
  }
  if (given.value.length > 500_000) throw refuse(signingTexts.initialsTooLarge);
  if (given.kind === 'drawn') {
    if (!/^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(given.value)) throw refuse(signingTexts.initialsUnreadable);
    return { kind: 'drawn', value: given.value };
  }
  if (!typedSignature) throw refuse(signingTexts.typedInitialsNotAllowed);
  const letters = given.value.trim();
  if (!initialsPattern.test(letters)) throw refuse(signingTexts.initialsLetters);
  return { kind: 'typed', value: letters };
}

/** What an initials field keeps as its answer: the typed letters, or who initialled it (in the form's language). */
export function initialledValue(initials: Initials | null, name: string, language: Language): FieldValue {
  return initials ? (initials.kind === 'typed' ? initials.value : say(language, signingTexts.initialledBy, { name })) : null;
}

export function receipt(status: SigningReceipt['status'], completed: boolean, next: string, message: string): WebSigningResponse {
  return { data: { status, completed, next, message }, error: '' };
}

export function nextName(recipients: readonly RecipientRecord[]): string {
  return recipients.find((recipient) => recipient.status === 'open')?.name ?? '';
}

/** The file fields of `fields` answered with nothing: a file kept before for them goes. */
export function clearedFiles(fields: readonly FieldDefinition[], values: Record<string, FieldValue>): string[] {
  return fields
    .filter((field) => field.type === 'file' && (values[field.name] === null || values[field.name] === undefined))
    .map((field) => field.name);
}
