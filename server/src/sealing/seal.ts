/**
 * Sealing a completed form: its PDF is rendered, signed as a PAdES signature
 * (ETSI.CAdES.detached) with the instance's certificate (timestamped when a timestamp
 * authority is configured) in a file worker (`sealed-pdf.ts`), kept in the file store, and its checksums recorded; then every
 * participant is mailed a link to it. Runs as a job: a seal is safe to run again, and a form
 * is sealed once however many times it runs (the first to record its seal wins).
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { recordEvent } from '../audit/audit.js';
import type { ServerContext } from '../context.js';
import { auditEvents, companies, formRecipients, forms, templates, users } from '../db/schema.js';
import { FileWorkRefused } from '../files/file-work.js';
import { signedFileUrl } from '../files/signed-urls.js';
import { completedMail } from '../modules/forms/notify.js';
import { mailFacts } from '../modules/forms/progression.js';
import type { RenderedRecipient, RenderInput } from './render.js';

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** How long the link in the completion mail works. */
const mailedLinkSeconds = 7 * 24 * 60 * 60;
/** A seal made this long after the form was completed mails no one. */
const announceWithinMs = 24 * 60 * 60 * 1000;

const eventWords: Record<string, string> = {
  created: 'created',
  sent: 'sent',
  opened: 'opened',
  saved: 'saved a draft',
  signed: 'signed',
  approved: 'approved',
  disapproved: 'sent back',
  completed: 'completed',
  reminded: 'reminded',
  cancelled: 'withdrew',
  downloaded: 'downloaded',
};

export type SealOutcome = 'sealed' | 'already' | 'not-complete';

/** Renders the sealed PDF of a complete form; answers its bytes and checksums (nothing is stored). */
export async function sealedPdfOf(ctx: ServerContext, formId: number): Promise<{ bytes: Uint8Array; documentSha256: string } | null> {
  const [row] = await ctx.db
    // The PDF the form was sent with: the template's may have been replaced since.
    .select({ form: forms, template: templates.title, pdfKey: forms.pdfKey, company: companies.name })
    .from(forms)
    .innerJoin(templates, eq(templates.id, forms.templateId))
    .innerJoin(companies, eq(companies.id, forms.companyId))
    .where(eq(forms.id, formId));
  if (!row || row.form.status !== 'completed') return null;
  const { form } = row;
  const recipients = await ctx.db.select().from(formRecipients).where(eq(formRecipients.formId, formId)).orderBy(asc(formRecipients.order));
  const events = await ctx.db
    .select({ at: auditEvents.at, event: auditEvents.event, actor: auditEvents.actor, ip: auditEvents.ip, details: auditEvents.details })
    .from(auditEvents)
    .where(eq(auditEvents.formId, formId))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
  const identity = await ctx.signing();
  const render: RenderInput = {
    reference: form.reference,
    title: form.title,
    template: row.template,
    company: row.company,
    sender: form.senderName,
    sentAt: form.sentAt,
    completedAt: form.completedAt ?? form.updatedAt,
    fields: form.fields,
    values: form.values,
    recipients: recipients.map(
      (recipient): RenderedRecipient => ({
        order: recipient.order,
        label: recipient.label,
        name: recipient.name,
        email: recipient.email,
        action: recipient.action,
        status: recipient.status,
        openedAt: recipient.openedAt,
        actedAt: recipient.actedAt,
        ip: recipient.ip,
        userAgent: recipient.userAgent,
        // How they proved who they were: the step's own audit event says (approvers always sign in).
        signedIn: recipient.action === 'approve' || events.some((event) => ['signed', 'approved', 'disapproved'].includes(event.event) && event.details['order'] === recipient.order && event.details['via'] === 'account'),
        comment: recipient.comment,
        signature: recipient.signature ?? null,
      }),
    ),
    events: events.map(({ at, event, actor, ip }) => ({ at, actor, ip, event: eventWords[event] ?? event })),
    templatePdf: row.pdfKey ? await ctx.files.get(row.pdfKey) : null,
    sealedBy: { commonName: identity.commonName, fingerprint: identity.fingerprint },
    verifyUrl: `${ctx.config.publicUrl}/verify`,
  };
  // Made in a file worker: the template's PDF and the drawn signatures are read there. The
  // timestamp authority is reached through the guarded client, like every other system.
  const input = { render, p12: identity.p12, password: identity.password, reason: `Sealed by formsign when ${form.reference} was completed`, location: row.company, tsaUrl: ctx.config.tsaUrl ?? null };
  try {
    return await ctx.fileWork.run('sealed-pdf', input, { wait: true, fetch: ctx.outbound.fetch });
  } catch (error) {
    if (error instanceof FileWorkRefused) throw new Error(`The sealed PDF of ${form.reference} was not made: ${error.message}`);
    throw error;
  }
}

export async function sealForm(ctx: ServerContext, formId: number): Promise<SealOutcome> {
  const [current] = await ctx.db.select({ sealedKey: forms.sealedKey, status: forms.status }).from(forms).where(eq(forms.id, formId));
  if (!current || current.status !== 'completed') return 'not-complete';
  if (current.sealedKey) return 'already';
  const sealed = await sealedPdfOf(ctx, formId);
  if (!sealed) return 'not-complete';
  const sealedSha256 = sha256(sealed.bytes);
  const key = `forms/${formId}/sealed-${sealedSha256.slice(0, 16)}.pdf`;
  await ctx.files.put(key, sealed.bytes, 'application/pdf');
  const now = ctx.now();
  const recorded = await ctx.db.transaction(async (tx) => {
    const [form] = await tx
      .update(forms)
      .set({ sealedKey: key, originalSha256: sealed.documentSha256, sealedSha256, sealedAt: now })
      .where(and(eq(forms.id, formId), isNull(forms.sealedKey)))
      .returning();
    if (!form) return null;
    await recordEvent(tx, { event: 'sealed', companyId: form.companyId, actor: 'system', target: form.reference, formId, details: { sha256: sealedSha256, documentSha256: sealed.documentSha256 } });
    return form;
  });
  if (!recorded) {
    // Another run sealed it first: its file stands, this one goes.
    await ctx.files.delete(key);
    return 'already';
  }
  // A form completed long ago (the demo's year of forms, or one whose seal was lost for
  // days) is sealed quietly: a mail about it now would be news to no one.
  if (!recorded.completedAt || now.getTime() - recorded.completedAt.getTime() > announceWithinMs) return 'sealed';
  const facts = await mailFacts(ctx.db, recorded);
  const link = `${ctx.config.publicUrl}${signedFileUrl(ctx.keys, key, now, { name: `${recorded.reference}.pdf`, seconds: mailedLinkSeconds })}`;
  const recipients = await ctx.db.select({ name: formRecipients.name, email: formRecipients.email }).from(formRecipients).where(eq(formRecipients.formId, formId));
  const participants = new Map(recipients.map((recipient) => [recipient.email.toLowerCase(), recipient.name]));
  if (recorded.senderId) {
    const [sender] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, recorded.senderId));
    if (sender) participants.set(sender.email.toLowerCase(), recorded.senderName);
  }
  for (const [email, name] of participants) await ctx.mail.send(completedMail(facts, { name, email }, link));
  return 'sealed';
}
