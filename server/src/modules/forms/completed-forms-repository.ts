/**
 * The queries of a completed form's after-life, for the sealing and delivery that follow it:
 * the form with what its sealed PDF shows, the recording of its seal (once), its participants,
 * and the complete forms still without a seal.
 */
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { auditEvents, formRecipients, forms, templates } from '../../db/schema.js';
import type { RecordedSeal } from '../../sealing/seal.js';
import type { FormRecord, RecipientRecord } from './progression.js';

export interface FormToSeal {
  form: FormRecord;
  template: string;
  recipients: RecipientRecord[];
  events: { at: Date; event: string; actor: string; ip: string; details: Record<string, unknown> }[];
}

export async function formToSeal(db: Database, formId: number): Promise<FormToSeal | null> {
  const [row] = await db
    .select({ form: forms, template: templates.title })
    .from(forms)
    .innerJoin(templates, eq(templates.id, forms.templateId))
    // A form whose data retention removed has nothing left to seal.
    .where(and(eq(forms.id, formId), isNull(forms.dataRemovedAt)));
  if (!row) return null;
  const recipients = await db.select().from(formRecipients).where(eq(formRecipients.formId, formId)).orderBy(asc(formRecipients.order));
  const events = await db
    .select({ at: auditEvents.at, event: auditEvents.event, actor: auditEvents.actor, ip: auditEvents.ip, details: auditEvents.details })
    .from(auditEvents)
    .where(eq(auditEvents.formId, formId))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
  return { form: row.form, template: row.template, recipients, events };
}

/** Records a form's seal unless one is recorded already; answers the form when this call recorded it. */
export async function recordSeal(db: Database, formId: number, seal: RecordedSeal): Promise<FormRecord | undefined> {
  const [form] = await db
    .update(forms)
    .set({ sealedKey: seal.key, originalSha256: seal.documentSha256, sealedSha256: seal.sealedSha256, sealedAt: seal.at })
    .where(and(eq(forms.id, formId), isNull(forms.sealedKey)))
    .returning();
  return form;
}

export async function formParticipants(db: Database, formId: number): Promise<Pick<RecipientRecord, 'name' | 'email' | 'action'>[]> {
  return db
    .select({ name: formRecipients.name, email: formRecipients.email, action: formRecipients.action })
    .from(formRecipients)
    .where(eq(formRecipients.formId, formId));
}

export async function findForm(db: Database, formId: number): Promise<FormRecord | undefined> {
  const [form] = await db.select().from(forms).where(eq(forms.id, formId));
  return form;
}

/** Sealed forms with a copy not yet mailed (the mail server refused it until the job gave up, or the server stopped). */
export async function formsWithCopiesDue(db: Database, limit = 10_000): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: formRecipients.formId })
    .from(formRecipients)
    .innerJoin(forms, eq(forms.id, formRecipients.formId))
    .where(
      and(
        eq(formRecipients.status, 'copy'),
        isNull(formRecipients.notifiedAt),
        eq(forms.status, 'completed'),
        isNotNull(forms.sealedKey),
        isNull(forms.deletedAt),
        isNull(forms.dataRemovedAt),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function unsealedForms(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.status, 'completed'), isNull(forms.sealedKey), isNull(forms.deletedAt), isNull(forms.dataRemovedAt)))
    .limit(10_000);
  return rows.map((row) => row.id);
}

/** The sealed form whose sealed PDF has this SHA-256, with the recipients who acted, in order. */
export async function sealedFormWith(
  db: Database,
  sealedSha256: string,
): Promise<{ form: FormRecord; signers: Pick<RecipientRecord, 'name' | 'action' | 'actedAt'>[] } | null> {
  const [form] = await db.select().from(forms).where(eq(forms.sealedSha256, sealedSha256)).limit(1);
  if (!form) return null;
  const signers = await db
    .select({ name: formRecipients.name, action: formRecipients.action, actedAt: formRecipients.actedAt })
    .from(formRecipients)
    .where(and(eq(formRecipients.formId, form.id), inArray(formRecipients.status, ['signed', 'filled', 'approved'])))
    .orderBy(asc(formRecipients.order));
  return { form, signers };
}

/**
 * Removes a form's answers, its sealed PDF's key and its recipients' details but their names,
 * steps and times (what `/verify` names), under the form's row lock; answers the form as it was
 * (its sealed PDF's key), or nothing when it is gone or its data were removed already.
 */
export async function removeFormData(tx: Database, formId: number, now: Date): Promise<FormRecord | undefined> {
  const [form] = await tx
    .select()
    .from(forms)
    .where(and(eq(forms.id, formId), isNull(forms.dataRemovedAt)))
    .for('update');
  if (!form) return undefined;
  await tx.update(forms).set({ values: {}, message: '', sealedKey: null, dataRemovedAt: now }).where(eq(forms.id, formId));
  await tx
    .update(formRecipients)
    .set({ draft: null, signature: null, initials: null, comment: '', email: '', ip: '', userAgent: '', accessCodeHash: null, codeHash: null })
    .where(eq(formRecipients.formId, formId));
  return form;
}
