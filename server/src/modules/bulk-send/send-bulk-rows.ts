/**
 * Sending a bulk send's rows, a batch at a time: each row becomes a form exactly as sending
 * one makes it (`forms/new-form.ts`: one envelope, the recipients whose turn it is mailed
 * their links through the mail queue, the trail's `created` and `sent`), a batch of rows
 * stored together in one transaction under the bulk send's lock, so that a cancel waits for the batch under way
 * and the next one sees it. A row refused is not sent, with why; when the envelopes run out
 * the rows left are not sent and the bulk send stops. Each batch is committed before the next
 * starts, so a send stopped by a restart goes on from its first row still pending.
 */
import { eq } from 'drizzle-orm';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { personColumns, personFlags, principalOf, type Principal } from '../../auth/principal.js';
import type { Database } from '../../db/database.js';
import { companies, users } from '../../db/schema.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { checkNewForm, createForms, type NewForm, type Recipient } from '../forms/new-form.js';
import { mailFacts, queueMail, turnMails, type FormsContext } from '../forms/progression.js';
import { formValues } from '../forms/send-form.js';
import { findTemplate, type TemplateRecord } from '../templates/repository.js';
import { stepOfField, stepsOf } from '../templates/steps.js';
import { activeCompanyUserByEmail, type UserRecord } from '../users/repository.js';
import { endBulkSend, giveUpPending, lockBulkSend, pendingRows, recordOutcomes, type BulkSendRecord, type RowOutcome } from './repository.js';
import type { BulkRow } from './check-rows.js';
import { bulkSendTexts as texts } from './texts.js';
import { type Words } from '#words';
import { say } from '../../i18n/i18n.js';

/** Rows sent in one transaction. */
export const batchSize = 100;

/** The sender as a principal, as their account is now; null when blocked or gone. */
async function senderOf(db: Database, bulk: BulkSendRecord): Promise<Principal | null> {
  if (bulk.senderId === null) return null;
  const [person] = await db
    .select(personColumns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, bulk.senderId));
  if (!person || person.userBlocked || person.companyId !== bulk.companyId) return null;
  return principalOf(person, personFlags(person), { sessionId: '', deviceId: null, apiKey: null });
}

/** The batch's approvers by address, looked up once each (a bulk send's approver is often the same person on every row). */
type Approvers = Map<string, UserRecord | undefined>;

/** The form a row makes: its people, and the values it gives (the recipients' fields as given in advance). */
async function draftOf(
  tx: Database,
  bulk: BulkSendRecord,
  template: TemplateRecord,
  row: Pick<BulkRow, 'recipients' | 'values'>,
  approvers: Approvers,
): Promise<NewForm> {
  const steps = stepsOf(template.steps);
  const recipients: Recipient[] = [];
  for (const [index, person] of row.recipients.entries()) {
    const step = steps[index];
    const code = person.accessCode ? { accessCode: person.accessCode } : {};
    if (step?.action === 'approve') {
      const address = person.email.trim().toLowerCase();
      if (!approvers.has(address)) approvers.set(address, await activeCompanyUserByEmail(tx, bulk.companyId, address));
      const user = approvers.get(address);
      if (!user) throw new AppError(AppErrorCode.InvalidInput, texts.notAUser(step.label, person.email));
      recipients.push({ name: `${user.firstName} ${user.lastName}`.trim() || user.name, email: user.email, userId: user.id });
    } else recipients.push({ name: person.name, email: person.email, userId: null, ...code });
  }
  const fields = template.fields.map((field) =>
    stepOfField(field) !== 0 && row.values[field.name] !== undefined ? { ...field, value: row.values[field.name] ?? null } : field,
  );
  const sent = Object.fromEntries(Object.entries(row.values).filter(([name]) => fields.some((field) => field.name === name && field.step === 0)));
  const answers = formValues(fields, sent);
  const draft: NewForm = {
    template,
    recipients,
    values: answers.values,
    files: answers.files,
    sequential: template.sequential,
    message: bulk.message,
    expiresAt: bulk.expiresAt,
    tenantId: null,
  };
  checkNewForm(draft);
  return draft;
}

export type BatchOutcome = 'more' | 'ended';

/** Sends the next batch of the bulk send's rows; answers whether rows are left. */
export async function sendNextBatch(ctx: FormsContext, bulkSendId: number): Promise<BatchOutcome> {
  return ctx.db.transaction(async (tx) => {
    const bulk = await lockBulkSend(tx, bulkSendId);
    if (!bulk || bulk.status !== 'sending') return 'ended';
    const now = ctx.now();
    const origin: Origin = { ip: bulk.ip, userAgent: bulk.userAgent };
    const sender = await senderOf(tx, bulk);
    const template = await findTemplate(tx, bulk.companyId, bulk.templateId);
    const ended = async (status: 'done' | 'stopped', reason?: Words): Promise<BatchOutcome> => {
      // Kept in English, and said in the reader's language when the send's rows are read.
      const unsent = reason ? await giveUpPending(tx, bulk.id, say('en', reason)) : 0;
      const after = await endBulkSend(tx, bulk.id, status, now);
      await recordEvent(tx, {
        event: 'bulk-send-ended',
        companyId: bulk.companyId,
        actor: 'system',
        target: template?.title ?? `Bulk send ${bulk.id}`,
        origin,
        details: { bulkSend: bulk.id, status, sent: after?.sent ?? bulk.sent, unsent: after?.unsent ?? bulk.unsent + unsent },
      });
      return 'ended';
    };
    if (!sender) return ended('stopped', texts.senderGone);
    if (!template || template.status !== 'active') return ended('stopped', texts.templateGone);
    const rows = await pendingRows(tx, bulk.id, batchSize);
    if (rows.length === 0) return ended('done');

    // Each row's form is checked first: a row refused is not sent, with why, and the others are
    // stored together (`createForms`: a few statements for the whole batch).
    const outcomes: RowOutcome[] = [];
    const sending: { row: number; draft: NewForm }[] = [];
    const approvers: Approvers = new Map();
    for (const row of rows) {
      try {
        sending.push({ row: row.row, draft: await draftOf(tx, bulk, template, row, approvers) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes.push({ row: row.row, status: 'unsent', formId: null, reason: say('en', texts.notSent, { reason: error.userMessage }) });
      }
    }
    const { made } = await createForms(
      ctx,
      tx,
      sender,
      sending.map(({ draft }) => draft),
      origin,
    );
    const [first] = made;
    if (first) {
      const facts = await mailFacts(tx, first.form);
      await queueMail(
        ctx,
        tx,
        made.flatMap(({ form, recipients }) =>
          turnMails(
            ctx,
            { ...facts, title: form.title, reference: form.reference },
            recipients.filter((recipient) => recipient.status === 'open'),
          ),
        ),
      );
    }
    for (const [index, { form }] of made.entries()) outcomes.push({ row: sending[index]?.row ?? 0, status: 'sent', formId: form.id, reason: '' });
    // Fewer forms than rows: the envelopes ran out, and the rows left stay to be given up.
    const outOfEnvelopes = made.length < sending.length;
    await recordOutcomes(tx, bulk.id, outcomes);
    if (outOfEnvelopes) return ended('stopped', texts.noEnvelopes);
    return 'more';
  });
}
