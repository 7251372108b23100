/**
 * A recipient's step is taken once. Every change to a form's steps (signing, saving a draft,
 * approving, sending back, withdrawing) runs in a transaction that first locks the form's
 * row, so the steps of one form happen one after the other whatever the number of requests
 * and processes; the recipient is then read again under the lock and changed only while they
 * are still open (a conditional update). The request that comes second finds the step taken,
 * changes nothing and is told so.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { formRecipients, forms } from '../../db/schema.js';
import type { FormRecord, RecipientRecord } from './progression.js';

/** Locks the form's row for the rest of `tx` and answers it as it is now. */
export async function lockForm(tx: Database, formId: number): Promise<FormRecord> {
  const [form] = await tx.select().from(forms).where(eq(forms.id, formId)).for('update');
  if (!form) throw new Error(`No form ${formId}.`);
  return form;
}

/** Locks the form and answers it with one of its recipients, both as they are now. */
export async function lockStep(tx: Database, formId: number, recipientId: number): Promise<{ form: FormRecord; recipient: RecipientRecord }> {
  const form = await lockForm(tx, formId);
  const [recipient] = await tx.select().from(formRecipients).where(eq(formRecipients.id, recipientId));
  if (!recipient || recipient.formId !== formId) throw new Error(`No recipient ${recipientId} of form ${formId}.`);
  return { form, recipient };
}

/** Changes a recipient who is still open; false when their step was taken (or closed) meanwhile. */
export async function takeStep(tx: Database, recipientId: number, changes: Partial<typeof formRecipients.$inferInsert>): Promise<boolean> {
  const changed = await tx
    .update(formRecipients)
    .set(changes)
    .where(and(eq(formRecipients.id, recipientId), eq(formRecipients.status, 'open')))
    .returning({ id: formRecipients.id });
  return changed.length === 1;
}
