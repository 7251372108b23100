/**
 * A recipient's step is taken once. Every change to a form's steps (signing, saving a draft,
 * approving, sending back, withdrawing) runs in a transaction that first locks the form's
 * row, so the steps of one form happen one after the other whatever the number of requests
 * and processes; the recipient is then read again under the lock and changed only while they
 * are still open (a conditional update). The request that comes second finds the step taken,
 * changes nothing and is told so. Every change of a sent form's steps is written here.
 */
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { formRecipients, forms, handedOnLinks, type FieldValue } from '../../db/schema.js';
import type { FormRecord, RecipientRecord } from './repository.js';

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

/**
 * Counts a reminder to a recipient who is still open, unless one went less than `gapMs` ago:
 * taken with the reminder itself, so requests made together send one. Answers the recipient
 * reminded, or nothing.
 */
export async function takeReminder(
  tx: Database,
  recipientId: number,
  now: Date,
  gapMs: number,
  /** Counted from the place's last mail (its first one, or a reminder) rather than its last reminder only. */
  fromLastMail = false,
): Promise<RecipientRecord | undefined> {
  const since = new Date(now.getTime() - gapMs);
  const [row] = await tx
    .update(formRecipients)
    .set({ remindersSent: sql`${formRecipients.remindersSent} + 1`, lastRemindedAt: now })
    .where(
      and(
        eq(formRecipients.id, recipientId),
        eq(formRecipients.status, 'open'),
        fromLastMail
          ? sql`coalesce(${formRecipients.lastRemindedAt}, ${formRecipients.notifiedAt}) <= ${since.toISOString()}::timestamptz`
          : or(isNull(formRecipients.lastRemindedAt), lte(formRecipients.lastRemindedAt, since)),
      ),
    )
    .returning();
  return row;
}

/** Withdraws a form: it is cancelled, and so is every place still open or waiting. */
export async function cancelForm(tx: Database, formId: number, now: Date): Promise<void> {
  await tx.update(forms).set({ status: 'cancelled', updatedAt: now }).where(eq(forms.id, formId));
  await tx
    .update(formRecipients)
    .set({ status: 'cancelled' })
    .where(and(eq(formRecipients.formId, formId), inArray(formRecipients.status, ['open', 'waiting'])));
}

/** Marks an open place opened, once however many loads arrive together; false when it was already. */
export async function markOpened(tx: Database, recipientId: number, now: Date): Promise<boolean> {
  const opened = await tx
    .update(formRecipients)
    .set({ openedAt: now })
    .where(and(eq(formRecipients.id, recipientId), eq(formRecipients.status, 'open'), isNull(formRecipients.openedAt)))
    .returning({ id: formRecipients.id });
  return opened.length > 0;
}

/** Closes places that can no longer be acted on (the form was sent back). */
export async function cancelPlaces(tx: Database, recipientIds: readonly number[]): Promise<void> {
  if (recipientIds.length)
    await tx
      .update(formRecipients)
      .set({ status: 'cancelled' })
      .where(inArray(formRecipients.id, [...recipientIds]));
}

/** A place's link no longer counts as proven: the mailed code and its proof are forgotten. */
const codeForgotten = { codeHash: null, codeSentAt: null, verifiedAt: null } as const;

/** A new link asks its holder again, from nothing: no code, no tries, none mailed. */
const codeFromNothing = { ...codeForgotten, codeFailures: 0, codeLockedUntil: null, codesMailed: 0, codesSince: null } as const;

/** No one hosts the place in person. */
const notHosted = { hostedByName: null, hostedAt: null } as const;

/**
 * Hosts an open place in person: a new page (so the link mailed before stops working), who
 * hosts it, and a code to be given again on the new page (the count of codes mailed this hour
 * stays). Answers the place, or nothing when it is no longer open.
 */
export async function hostPlace(
  tx: Database,
  recipientId: number,
  change: { pageId: string; tokenHash: string; host: string; now: Date },
): Promise<RecipientRecord | undefined> {
  const [row] = await tx
    .update(formRecipients)
    .set({
      pageId: change.pageId,
      tokenHash: change.tokenHash,
      hostedByName: change.host,
      hostedAt: change.now,
      ...codeForgotten,
      codeFailures: 0,
    })
    .where(and(eq(formRecipients.id, recipientId), eq(formRecipients.status, 'open')))
    .returning();
  return row;
}

/** Ends the hosting of a place that is mailed a new link: its page changes again, and no one hosts it. */
export async function endHosting(tx: Database, recipientId: number, change: { pageId: string; tokenHash: string }): Promise<RecipientRecord> {
  const [row] = await tx
    .update(formRecipients)
    .set({
      pageId: change.pageId,
      tokenHash: change.tokenHash,
      ...notHosted,
      ...codeForgotten,
    })
    .where(eq(formRecipients.id, recipientId))
    .returning();
  if (!row) throw new Error(`No recipient ${recipientId}.`);
  return row;
}

/** Records a copy mailed to a place that receives one, once; false when it was recorded already. */
export async function markCopySent(tx: Database, recipientId: number, now: Date): Promise<boolean> {
  const marked = await tx
    .update(formRecipients)
    .set({ notifiedAt: now })
    .where(and(eq(formRecipients.id, recipientId), eq(formRecipients.status, 'copy'), isNull(formRecipients.notifiedAt)))
    .returning({ id: formRecipients.id });
  return marked.length > 0;
}

/** Opens a waiting place: it is that recipient's turn now. */
export async function openPlace(tx: Database, recipientId: number, now: Date): Promise<RecipientRecord | undefined> {
  const [opened] = await tx.update(formRecipients).set({ status: 'open', notifiedAt: now }).where(eq(formRecipients.id, recipientId)).returning();
  return opened;
}

/** Writes the form's status as its recipients make it. */
export async function writeFormProgress(
  tx: Database,
  formId: number,
  change: Pick<Partial<FormRecord>, 'status' | 'currentStep' | 'updatedAt' | 'completedAt'>,
): Promise<FormRecord> {
  const [updated] = await tx.update(forms).set(change).where(eq(forms.id, formId)).returning();
  if (!updated) throw new Error(`No form ${formId}.`);
  return updated;
}

/** Adds a recipient's answers to the form's values (theirs win over what was there). */
export async function addFormValues(tx: Database, formId: number, values: Record<string, FieldValue>): Promise<void> {
  await tx
    .update(forms)
    .set({ values: sql`${forms.values} || ${JSON.stringify(values)}::jsonb` })
    .where(eq(forms.id, formId));
}

/**
 * Starts a place again when its form is sent again (after it was sent back or declined): what
 * its recipient did before is cleared, it gets a new page id (the link mailed before stops
 * working) and it is open now or waits its turn. The recipient may be corrected at the same time.
 */
export async function restartPlace(
  tx: Database,
  recipientId: number,
  change: {
    status: 'open' | 'waiting' | 'copy';
    pageId: string;
    tokenHash: string;
    now: Date;
    person?: { name: string; email: string; userId: number | null } | undefined;
  },
): Promise<RecipientRecord> {
  const [row] = await tx
    .update(formRecipients)
    .set({
      ...(change.person ?? {}),
      status: change.status,
      pageId: change.pageId,
      tokenHash: change.tokenHash,
      notifiedAt: change.status === 'open' ? change.now : null,
      openedAt: null,
      actedAt: null,
      comment: '',
      signature: null,
      initials: null,
      ip: '',
      userAgent: '',
      remindersSent: 0,
      lastRemindedAt: null,
      // A new link is mailed: whoever hosted the place in person no longer does.
      ...notHosted,
      ...codeFromNothing,
    })
    .where(eq(formRecipients.id, recipientId))
    .returning();
  if (!row) throw new Error(`No recipient ${recipientId}.`);
  return row;
}

/** The sender's note to the recipients, changed when the form is sent again. */
export async function writeFormMessage(tx: Database, formId: number, message: string): Promise<void> {
  await tx.update(forms).set({ message }).where(eq(forms.id, formId));
}

/** Locks a recipient's row for the rest of `tx` and answers it as it is now: its tries at a code are counted one after the other. */
export async function lockRecipient(tx: Database, recipientId: number): Promise<RecipientRecord> {
  const [recipient] = await tx.select().from(formRecipients).where(eq(formRecipients.id, recipientId)).for('update');
  if (!recipient) throw new Error(`No recipient ${recipientId}.`);
  return recipient;
}

/** Where a recipient's proof of who they are stands: the mailed code, its tries, a lock, when they proved it. */
export async function writeVerification(
  tx: Database,
  recipientId: number,
  change: Partial<
    Pick<RecipientRecord, 'codeHash' | 'codeSentAt' | 'codeFailures' | 'codeLockedUntil' | 'codesMailed' | 'codesSince' | 'verifiedAt'>
  >,
): Promise<void> {
  await tx.update(formRecipients).set(change).where(eq(formRecipients.id, recipientId));
}

/**
 * Hands an open place on to someone else (`delegate-place.ts`): it is theirs now, with a new
 * page id (the old link is kept in `handed_on_links`, where it opens nothing but says why),
 * and whatever its earlier holder did is cleared (a draft, an opening, a code). False when the
 * place was no longer open.
 */
export async function handOverPlace(
  tx: Database,
  recipient: Pick<RecipientRecord, 'id' | 'pageId'>,
  change: { name: string; email: string; pageId: string; tokenHash: string; now: Date },
): Promise<RecipientRecord | undefined> {
  const [row] = await tx
    .update(formRecipients)
    .set({
      name: change.name,
      email: change.email,
      userId: null,
      pageId: change.pageId,
      tokenHash: change.tokenHash,
      draft: null,
      initials: null,
      notifiedAt: change.now,
      openedAt: null,
      ip: '',
      userAgent: '',
      remindersSent: 0,
      lastRemindedAt: null,
      ...codeFromNothing,
    })
    .where(and(eq(formRecipients.id, recipient.id), eq(formRecipients.status, 'open'), eq(formRecipients.pageId, recipient.pageId)))
    .returning();
  if (!row) return undefined;
  await tx.insert(handedOnLinks).values({ pageId: recipient.pageId, recipientId: recipient.id, handedAt: change.now });
  return row;
}

/** The place an earlier link of a handed-on place was for, when `pageId` is one. */
export async function handedOnLink(db: Database, pageId: string): Promise<{ recipientId: number } | undefined> {
  const [row] = await db.select({ recipientId: handedOnLinks.recipientId }).from(handedOnLinks).where(eq(handedOnLinks.pageId, pageId));
  return row;
}
