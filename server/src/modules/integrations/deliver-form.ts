/**
 * Delivering a completed form through its template's integrations (the Post Office). For each
 * integration the form's answers are made into a record with the integration's map applied
 * (each mapped field under its name in the receiving system; every data field under its own
 * name when the map is empty), then:
 * - `email`: mailed to the recipient, the data as `{reference}.csv` and the sealed PDF as
 *   `{reference}.pdf` attached, as the integration's type says; handed to the mail server
 *   itself, not queued, so "Emailed to" is recorded only once the server took the message, and
 *   a server that refuses it makes a failed delivery that is tried again like any other;
 * - `webhook`: posted as JSON to the recipient's http(s) address through the guarded client
 *   (only to an address on the public internet, or one the operator allows; no redirect
 *   followed; 10 seconds at most; the PDF, when sent, base64-encoded in the body);
 * - `sftp`: uploaded to the server's folder (`sftp.ts`), signed in with the integration's
 *   credentials (kept sealed), the server's host key pinned on first use.
 * Each attempt is recorded in `deliveries` and in the audit trail (`delivered`, by the
 * system); a failure reads "Delivery failed: <reason>". A second call does nothing for an
 * integration that delivered; one that failed is tried again. Runs as a job once the form is
 * sealed (`deliver-form.job.ts`); a failed delivery can also be sent again by hand.
 */
import { msg } from '#words';
import { recordEvent } from '../../audit/audit.js';
import { companySettings } from '../../companies/repository.js';
import { languageOfSettings } from '../../companies/settings.js';
import { say, type Language } from '../../i18n/i18n.js';
import type { JobContext } from '../../context.js';
import { OutboundError } from '../../http/outbound.js';
import type { FieldDefinition, FieldValue } from '../../db/schema.js';
import type { MailAttachment, MailMessage } from '../../mail/mailer.js';
import { csvRecord } from '../database/csv.js';
import { isDataField } from '../database/submissions.js';
import { findForm } from '../forms/completed-forms-repository.js';
import { credentialsOf } from './credentials.js';
import { deliveredThrough, pinHostKey, recordDelivery, templateIntegrations, type IntegrationRecord } from './repository.js';
import { sftpTarget, uploadBySftp } from '../../http/sftp.js';

/** What a delivery uses of the server: it runs as a job, with the mail server itself. */
export type DeliveryContext = Pick<JobContext, 'db' | 'mailer' | 'files' | 'outbound' | 'now' | 'keys'>;

export const webhookTimeoutMs = 10_000;
/** The largest body a webhook is sent: a sealed PDF of the largest template, base64-encoded, with the data. */
export const largestWebhookBody = 40 * 1024 * 1024;

export interface DeliveryOutcome {
  integration: number;
  /** The attempt recorded (none when skipped). */
  delivery: number | null;
  source: IntegrationRecord['source'];
  /** `skipped`: delivered by an earlier call. */
  status: 'delivered' | 'failed' | 'skipped';
  files: string[];
  detail: string;
}

interface CompletedForm {
  id: number;
  companyId: number;
  templateId: number;
  reference: string;
  title: string;
  status: string;
  fields: FieldDefinition[];
  values: Record<string, FieldValue>;
  completedAt: Date | null;
  sealedKey: string | null;
  deletedAt: Date | null;
}

/** The form's answers under their names in the receiving system, in the form's field order. */
export function mappedRecord(
  fields: readonly FieldDefinition[],
  values: Record<string, FieldValue>,
  map: Record<string, string>,
): Record<string, FieldValue> {
  const data = fields.filter(isDataField);
  const all = Object.keys(map).length === 0;
  return Object.fromEntries(
    data.flatMap((field) =>
      all ? [[field.name, values[field.name] ?? null]] : map[field.name] ? [[map[field.name], values[field.name] ?? null]] : [],
    ),
  );
}

interface FileToSend {
  name: string;
  mime: string;
  bytes: Buffer;
}

/** Sends the files one way or another; answers what happened, in words an administrator reads. */
async function send(
  ctx: DeliveryContext,
  form: CompletedForm,
  item: IntegrationRecord,
  record: Record<string, FieldValue>,
  files: FileToSend[],
): Promise<{ ok: boolean; detail: string }> {
  switch (item.source) {
    case 'email': {
      const attachments: MailAttachment[] = files.map((file) => ({
        filename: file.name,
        contentBase64: file.bytes.toString('base64'),
        contentType: file.mime,
      }));
      // The organisation's own inbox: in the organisation's language.
      const language = languageOfSettings(await companySettings(ctx.db, form.companyId));
      await ctx.mailer.send({ ...deliveryMail(language, item.recipient, form, files), attachments });
      return { ok: true, detail: `Emailed to ${item.recipient}.` };
    }
    case 'webhook': {
      const pdf = files.find((file) => file.mime === 'application/pdf');
      const body = {
        event: 'form.completed',
        form: {
          id: form.id,
          reference: form.reference,
          title: form.title,
          template: item.title,
          completed_at: form.completedAt?.toISOString() ?? null,
        },
        data: record,
        ...(pdf ? { pdf: { name: pdf.name, content_base64: pdf.bytes.toString('base64') } } : {}),
      };
      try {
        const answer = await ctx.outbound.request(item.recipient, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'formsign-post-office' },
          body: JSON.stringify(body),
          timeoutMs: webhookTimeoutMs,
          maxRequestBytes: largestWebhookBody,
          maxResponseBytes: 4 * 1024,
        });
        return answer.status >= 200 && answer.status < 300
          ? { ok: true, detail: `Posted to ${item.recipient} (${answer.status}).` }
          : { ok: false, detail: `the webhook answered ${answer.status}.` };
      } catch (error) {
        if (!(error instanceof OutboundError)) throw error;
        return {
          ok: false,
          detail:
            error.failure === 'timeout'
              ? `the webhook did not answer within ${webhookTimeoutMs / 1000} seconds.`
              : `the webhook was not posted: ${error.message}`,
        };
      }
    }
    case 'sftp': {
      const target = sftpTarget(item.recipient);
      if (!target) return { ok: false, detail: 'the address is not an SFTP server folder (sftp://server/folder).' };
      const signIn = credentialsOf(ctx.keys, item);
      if (!signIn) return { ok: false, detail: 'the saved password or key could not be read: save it again.' };
      const result = await uploadBySftp(ctx.outbound, {
        target,
        signIn,
        pinned: item.hostKey,
        files: files.map((file) => ({ name: file.name, bytes: file.bytes })),
      });
      if (result.hostKey && !item.hostKey) await pinHostKey(ctx.db, item.id, result.hostKey);
      return { ok: result.ok, detail: result.reason };
    }
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The mail that carries a completed form's files to an integration's address (the Post Office), in `language`. */
function deliveryMail(language: Language, to: string, form: Pick<CompletedForm, 'title' | 'reference'>, files: readonly FileToSend[]): MailMessage {
  const names = new Intl.ListFormat(language, { type: 'conjunction' }).format(files.map((file) => file.name));
  const facts = { title: form.title, reference: form.reference };
  const done = say(language, msg({ message: '{title} {reference} has been completed. Attached: {names}.' }), { ...facts, names });
  const sentBy = say(language, msg({ message: "Sent by formsign's Post Office." }));
  const html = say(language, msg({ message: '{title} {reference} has been completed. Attached: {names}.' }), {
    title: escapeHtml(form.title),
    reference: escapeHtml(form.reference),
    names: escapeHtml(names),
  });
  return {
    to,
    subject: say(language, msg({ message: '{title} {reference} is complete' }), facts),
    text: `${done}\n\n${sentBy}`,
    // The catalogue's words are the product's own (no markup); the form's are escaped.
    html: `<p>${html}</p><p>${sentBy}</p>`,
  };
}

/** The files an integration sends for a form: the data as CSV and the sealed PDF, as its type says. */
async function filesFor(
  ctx: DeliveryContext,
  form: CompletedForm,
  item: IntegrationRecord,
  record: Record<string, FieldValue>,
): Promise<FileToSend[] | string> {
  const files: FileToSend[] = [];
  if (item.type !== 'pdf') {
    const names = Object.keys(record);
    files.push({
      name: `${form.reference}.csv`,
      mime: 'text/csv',
      bytes: Buffer.from(csvRecord(names) + csvRecord(names.map((name) => record[name])), 'utf8'),
    });
  }
  if (item.type !== 'csv') {
    const pdf = form.sealedKey ? await ctx.files.get(form.sealedKey) : null;
    if (!pdf) {
      if (item.type === 'pdf') return 'the form has no sealed PDF yet.';
    } else {
      files.unshift({ name: `${form.reference}.pdf`, mime: 'application/pdf', bytes: pdf });
    }
  }
  return files;
}

/**
 * Delivers a completed form through each integration of its template that has not delivered
 * it yet (`only`: through that one integration).
 */
export async function deliverForm(ctx: DeliveryContext, formId: number, only?: number): Promise<DeliveryOutcome[]> {
  const form: CompletedForm | undefined = await findForm(ctx.db, formId);
  if (!form || form.status !== 'completed' || form.deletedAt) return [];
  const items = (await templateIntegrations(ctx.db, form.companyId, form.templateId)).filter((item) => only === undefined || item.id === only);
  const done = await deliveredThrough(
    ctx.db,
    form.id,
    items.map((item) => item.id),
  );
  const outcomes: DeliveryOutcome[] = [];
  for (const item of items) {
    if (done.has(item.id)) {
      outcomes.push({ integration: item.id, delivery: null, source: item.source, status: 'skipped', files: [], detail: 'Delivered before.' });
      continue;
    }
    const record = mappedRecord(form.fields, form.values, item.map);
    const files = await filesFor(ctx, form, item, record);
    let result: { ok: boolean; detail: string };
    try {
      result = typeof files === 'string' ? { ok: false, detail: files } : await send(ctx, form, item, record, files);
    } catch (error) {
      result = { ok: false, detail: `${error instanceof Error ? error.message : String(error)}` };
    }
    if (!result.ok) result = { ok: false, detail: `Delivery failed: ${result.detail}` };
    const names = typeof files === 'string' ? [] : files.map((file) => file.name);
    const status = result.ok ? 'delivered' : 'failed';
    const delivery = await ctx.db.transaction(async (tx) => {
      const recorded = await recordDelivery(tx, {
        integrationId: item.id,
        formId: form.id,
        files: result.ok ? names : [],
        status,
        detail: result.detail,
        at: ctx.now(),
      });
      if (!recorded) return null;
      await recordEvent(tx, {
        event: 'delivered',
        companyId: form.companyId,
        actor: 'system',
        level: result.ok ? 'info' : 'error',
        target: `${form.title} ${form.reference} to ${item.recipient}`,
        formId: form.id,
        details: { integration: item.id, source: item.source, status, files: result.ok ? names : [], detail: result.detail },
      });
      return recorded;
    });
    outcomes.push({ integration: item.id, delivery, source: item.source, status, files: result.ok ? names : [], detail: result.detail });
  }
  return outcomes;
}
