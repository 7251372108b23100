/**
 * New forms: stored with their recipients in the transaction of the operation that makes them
 * (sending one, a bulk send's batch of rows, or filling in a template that then goes on to the
 * people it names), each using one of the company's envelopes; with none left it is refused. Each place gets its link, and the
 * places already acted on at creation are recorded as done.
 */
import { appCodes, contractLimits } from '@formsign/sdk/contract';
import { recordEvents, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { digest } from '../../auth/tokens.js';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { FieldValue } from '../../db/schema.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { companySettings, useEnvelopes } from '../../companies/repository.js';
import { languageOfSettings } from '../../companies/settings.js';
import type { Language } from '../../i18n/i18n.js';
import type { TemplateRecord } from '../templates/repository.js';
import { stepsOf } from '../templates/steps.js';
import { companyUserIdsAmong } from '../users/repository.js';
import { storeFiles } from './documents.js';
import { newPageId, signingToken } from './links.js';
import { yearReferences } from './references.js';
import { insertForms, insertRecipients } from './new-form-repository.js';
import type { FormRecord, RecipientRecord } from './repository.js';
import { accessCodeHash } from './verify-signer.js';
import { msg, type Text } from '#words';

type SendCode = Exclude<keyof (typeof appCodes)['sendForm'], '1'>;

const refusalCodes: Readonly<Record<SendCode, AppErrorCode>> = {
  '-1': AppErrorCode.InvalidInput,
  '-2': AppErrorCode.NotFound,
  '-4': AppErrorCode.LimitReached,
};

/**
 * A refusal of a new form, answered in the body of the operation that makes it: sending's
 * `{ code, message }` (its application code), signing's `{ data: null, error }` (a 200).
 */
export function formRefusal(code: SendCode, text: Text = appCodes.sendForm[code].text, values?: Record<string, unknown>): AppError {
  return new AppError(refusalCodes[code], text, { appCode: code, status: 200, ...(values ? { values } : {}) });
}

/** Why a new form is refused, in the product's words. */
export const newFormTexts = {
  copiesOnly: msg({
    message: 'Every place of this template receives a copy: add someone who signs, fills in or approves the form before sending it.',
  }),
  expiryPast: msg({ message: 'The expiry date must be today or later.' }),
  expiryTooLate: msg({ message: 'The expiry date can be at most a year from now.' }),
  accessCode: msg({ message: '{place} opens the form with an access code: give the code (at least {length} characters) you will pass on to them.' }),
  notOurUsers: msg({ message: 'Every recipient chosen from your people must be a user of your company.' }),
};

export interface Recipient {
  name: string;
  email: string;
  userId: number | null;
  /** The code the sender gives them, for a place that asks for an access code. */
  accessCode?: string;
}

/** Why a template whose places all receive copies cannot be sent. */
export const copiesOnly = newFormTexts.copiesOnly;

/** The shortest access code a sender may choose (the contract's `access_code`). */
const accessCodeLength = contractLimits['SendFormRequest.recipients.access_code'].minLength;

const day = 24 * 60 * 60_000;

/** The end of the chosen day (UTC), at most a year ahead; 30 days from now when none is chosen. */
export function expiryOf(chosen: string | undefined, now: Date): Date {
  if (!chosen) return new Date(now.getTime() + 30 * day);
  const end = new Date(`${chosen}T23:59:59Z`);
  if (Number.isNaN(end.getTime()) || end.getTime() < now.getTime()) throw formRefusal('-1', newFormTexts.expiryPast);
  if (end.getTime() > now.getTime() + 366 * day) throw formRefusal('-1', newFormTexts.expiryTooLate);
  return end;
}

export interface NewForm {
  template: TemplateRecord;
  recipients: Recipient[];
  /** Places already acted on at creation (a form filled in by its first recipient). */
  acted?: Map<
    number,
    { status: 'signed' | 'filled'; signature?: { kind: 'drawn' | 'typed'; value: string }; initials?: { kind: 'drawn' | 'typed'; value: string } }
  >;
  values: Record<string, FieldValue>;
  files: Parameters<typeof storeFiles>[3];
  sequential: boolean;
  message: string;
  expiresAt: Date;
  tenantId: number | null;
  /** The language of its signing pages, mails and sealed PDF; the company's when absent. */
  language?: Language;
}

/**
 * What needs no database of a new form's checks: a form goes to someone who acts on it, and a
 * place that asks for an access code is given the code its sender passes on. Throws the refusal.
 */
export function checkNewForm(draft: NewForm): void {
  const steps = stepsOf(draft.template.steps);
  // Copies alone would make a form no one completes.
  if (!steps.some((step) => step.action !== 'copy')) throw formRefusal('-1', copiesOnly);
  for (const [index, step] of steps.entries()) {
    if (step.action === 'approve' || step.action === 'copy' || step.verification !== 'access-code' || draft.acted?.has(index + 1)) continue;
    const code = draft.recipients[index]?.accessCode ?? '';
    if (code.length < accessCodeLength) throw formRefusal('-1', newFormTexts.accessCode, { place: step.label, length: accessCodeLength });
  }
}

export interface MadeForm {
  form: FormRecord;
  recipients: RecipientRecord[];
}

/**
 * Stores new forms with their recipients, each using one of the company's envelopes, in `tx`,
 * in a few statements however many there are (a bulk send stores a batch of rows at once, a
 * send one): answers the forms stored, in the drafts' order, with the recipients of each, and
 * the envelopes left. When the envelopes run out, the drafts beyond the last envelope are not
 * stored (fewer forms than drafts come back; none when none was left).
 */
export async function createForms(
  ctx: Pick<ServerContext, 'now' | 'keys' | 'files'>,
  tx: Database,
  principal: Principal,
  drafts: readonly NewForm[],
  origin: Origin,
): Promise<{ made: MadeForm[]; unused: number }> {
  const now = ctx.now();
  for (const draft of drafts) checkNewForm(draft);
  // A place is given to an account only of the sending company; anyone else is reached by their link alone.
  const bound = [
    ...new Set(drafts.flatMap((draft) => draft.recipients.flatMap((recipient) => (recipient.userId === null ? [] : [recipient.userId])))),
  ];
  if (bound.length > 0 && (await companyUserIdsAmong(tx, principal.companyId, bound)).length !== bound.length) {
    throw formRefusal('-1', newFormTexts.notOurUsers);
  }
  const envelopes = drafts.length === 0 ? null : await useEnvelopes(tx, principal.companyId, drafts.length);
  if (!envelopes || envelopes.taken === 0) return { made: [], unused: envelopes?.unused ?? 0 };
  const stored = drafts.slice(0, envelopes.taken);
  const companyLanguage = stored.every((draft) => draft.language) ? 'en' : languageOfSettings(await companySettings(tx, principal.companyId));

  const values = stored.map((draft) => ({
    companyId: principal.companyId,
    templateId: draft.template.id,
    tenantId: draft.tenantId,
    reference: '',
    title: `${draft.template.title} - ${draft.recipients[0]?.name ?? principal.displayName}`,
    status: 'sent' as const,
    senderId: principal.userId,
    senderName: principal.displayName,
    message: draft.message,
    language: draft.language ?? companyLanguage,
    sequential: draft.sequential,
    fields: draft.template.fields,
    pdfKey: draft.template.pdfKey,
    values: draft.values,
    // The steps to be done: a place that receives a copy is none.
    steps: stepsOf(draft.template.steps).filter((step) => step.action !== 'copy').length,
    createdAt: now,
    sentAt: now,
    updatedAt: now,
    expiresAt: draft.expiresAt,
  }));
  let forms: FormRecord[] | undefined;
  for (let attempt = 0; !forms; attempt += 1) {
    const references = await yearReferences(tx, principal.companyId, envelopes.name, now, stored.length, attempt);
    try {
      // In a savepoint, so that a reference taken meanwhile can be tried again in the same transaction.
      forms = await insertForms(
        tx,
        values.map((row, index) => ({ ...row, reference: references[index] ?? '' })),
      );
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 20) throw error;
    }
  }

  const rows = stored.flatMap((draft, at) => {
    const form = forms[at] as FormRecord;
    const steps = stepsOf(draft.template.steps);
    const firstOpen = steps.findIndex((step, index) => step.action !== 'copy' && !draft.acted?.has(index + 1));
    return steps.map((step, index) => {
      const order = index + 1;
      const recipient = draft.recipients[index] as Recipient;
      const pageId = newPageId();
      const done = draft.acted?.get(order);
      const copy = step.action === 'copy';
      const open = !done && !copy && (!draft.sequential || index === firstOpen);
      // An approver always signs in; a place done at creation, or that receives a copy, has nothing to open.
      const verification = step.action === 'approve' || copy || done ? 'none' : (step.verification ?? 'none');
      return {
        formId: form.id,
        companyId: principal.companyId,
        order,
        action: step.action,
        label: step.label,
        name: recipient.name,
        email: recipient.email,
        userId: recipient.userId,
        status: done ? done.status : copy ? ('copy' as const) : open ? ('open' as const) : ('waiting' as const),
        pageId,
        tokenHash: digest(signingToken(ctx.keys, pageId)),
        verification,
        accessCodeHash: verification === 'access-code' ? accessCodeHash(ctx.keys, form.id, order, recipient.accessCode ?? '') : null,
        allowDelegation: !done && step.action !== 'approve' && verification !== 'access-code' && step.allowDelegation === true,
        notifiedAt: open ? now : null,
        ...(done
          ? {
              actedAt: now,
              openedAt: now,
              ip: origin.ip,
              userAgent: origin.userAgent,
              ...(done.signature ? { signature: done.signature } : {}),
              ...(done.initials ? { initials: done.initials } : {}),
            }
          : {}),
      };
    });
  });
  const recipients = await insertRecipients(tx, rows);
  const made = forms.map((form) => ({ form, recipients: recipients.filter((recipient) => recipient.formId === form.id) }));
  for (const [at, { form }] of made.entries())
    await storeFiles(ctx, tx, form, stored[at]?.files ?? [], { name: principal.displayName, attacher: 'organisation' });
  await recordEvents(
    tx,
    made.flatMap(({ form, recipients: people }) => [
      {
        event: 'created' as const,
        companyId: principal.companyId,
        actor: principal,
        target: form.reference,
        formId: form.id,
        origin,
        details: { template: form.templateId },
      },
      {
        event: 'sent' as const,
        companyId: principal.companyId,
        actor: principal,
        target: form.reference,
        formId: form.id,
        origin,
        details: { to: people.map((recipient) => recipient.email) },
      },
    ]),
  );
  return { made, unused: envelopes.unused };
}

/** Stores one new form (`createForms`); with no envelope left it is refused. */
export async function createForm(
  ctx: Pick<ServerContext, 'now' | 'keys' | 'files'>,
  tx: Database,
  principal: Principal,
  draft: NewForm,
  origin: Origin,
): Promise<MadeForm & { unused: number }> {
  const { made, unused } = await createForms(ctx, tx, principal, [draft], origin);
  const [first] = made;
  if (!first) throw formRefusal('-4');
  return { ...first, unused };
}
