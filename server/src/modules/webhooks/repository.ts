/**
 * Every query of the webhooks' tables: the subscriptions of an organisation, and the events
 * queued for each (the delivery log), sent oldest first within a form.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { listTotal, offsetOf, type ListTotal, type PageRequest } from '../../db/list-filters.js';
import { webhookDeliveries, webhookSubscriptions } from '../../db/schema.js';

export type SubscriptionRecord = typeof webhookSubscriptions.$inferSelect;
export type WebhookDeliveryRecord = typeof webhookDeliveries.$inferSelect;

export async function listSubscriptions(db: Database, companyId: number): Promise<SubscriptionRecord[]> {
  return db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.companyId, companyId)).orderBy(asc(webhookSubscriptions.id));
}

export async function findSubscription(db: Database, companyId: number, id: number): Promise<SubscriptionRecord | undefined> {
  const [row] = await db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.companyId, companyId), eq(webhookSubscriptions.id, id)));
  return row;
}

/** A subscription by its id alone: for the delivery job, which was queued for it. */
export async function subscriptionById(db: Database, id: number): Promise<SubscriptionRecord | undefined> {
  const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  return row;
}

/** The company's subscriptions taking an event (paused ones too: what they miss waits for them). */
export async function subscriptionsTaking(db: Database, companyId: number, event: string): Promise<{ id: number }[]> {
  return db
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.companyId, companyId), sql`${event} = any(${webhookSubscriptions.events})`))
    .orderBy(asc(webhookSubscriptions.id));
}

export async function insertSubscription(db: Database, values: typeof webhookSubscriptions.$inferInsert): Promise<SubscriptionRecord> {
  const [row] = await db.insert(webhookSubscriptions).values(values).returning();
  if (!row) throw new Error('The subscription was not saved.');
  return row;
}

export async function updateSubscription(
  db: Database,
  id: number,
  change: Partial<typeof webhookSubscriptions.$inferInsert>,
): Promise<SubscriptionRecord | undefined> {
  const [row] = await db.update(webhookSubscriptions).set(change).where(eq(webhookSubscriptions.id, id)).returning();
  return row;
}

export async function deleteSubscription(db: Database, id: number): Promise<void> {
  await db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
}

export async function insertDeliveries(db: Database, rows: (typeof webhookDeliveries.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(webhookDeliveries).values(rows);
}

/** The oldest event of a subscription's form (or template) still to send. */
export async function nextPending(db: Database, subscriptionId: number, orderKey: string): Promise<WebhookDeliveryRecord | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.subscriptionId, subscriptionId), eq(webhookDeliveries.orderKey, orderKey), eq(webhookDeliveries.status, 'pending')),
    )
    .orderBy(asc(webhookDeliveries.id))
    .limit(1);
  return row;
}

/** Every subscription's forms (or templates) with events still to send: the work left over on start, and after a resume. */
export async function pendingKeys(db: Database, subscriptionId?: number): Promise<{ subscription: number; key: string }[]> {
  return db
    .selectDistinct({ subscription: webhookDeliveries.subscriptionId, key: webhookDeliveries.orderKey })
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.status, 'pending'), subscriptionId === undefined ? undefined : eq(webhookDeliveries.subscriptionId, subscriptionId)),
    );
}

export async function updateDelivery(db: Database, id: number, change: Partial<typeof webhookDeliveries.$inferInsert>): Promise<void> {
  await db.update(webhookDeliveries).set(change).where(eq(webhookDeliveries.id, id));
}

export async function listWebhookDeliveries(
  db: Database,
  subscriptionId: number,
  page: PageRequest,
): Promise<{ rows: WebhookDeliveryRecord[]; total: ListTotal }> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  const matching = db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, subscriptionId));
  return { rows, total: await listTotal(db, matching, page, rows.length) };
}

export async function findWebhookDelivery(db: Database, subscriptionId: number, id: number): Promise<WebhookDeliveryRecord | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.subscriptionId, subscriptionId), eq(webhookDeliveries.id, id)));
  return row;
}

/** Forgets a form's events (their bodies name its recipients), when retention removes its data. */
export async function forgetFormDeliveries(db: Database, formId: number): Promise<void> {
  await db.delete(webhookDeliveries).where(eq(webhookDeliveries.formId, formId));
}
