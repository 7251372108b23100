/** The queries of purchases (each bounded by the company that bought, but for the provider's own events) and of the provider's events handled. */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { paymentEvents, purchases } from '../../db/schema.js';

export type PurchaseRecord = typeof purchases.$inferSelect;

export async function findPurchase(db: Database, companyId: number, sessionId: string): Promise<PurchaseRecord | undefined> {
  const [row] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.companyId, companyId), eq(purchases.sessionId, sessionId)));
  return row;
}

export async function insertPurchase(db: Database, purchase: typeof purchases.$inferInsert): Promise<PurchaseRecord> {
  const [row] = await db.insert(purchases).values(purchase).returning();
  if (!row) throw new Error('The purchase was not recorded.');
  return row;
}

/**
 * Moves an open purchase to its outcome. Conditional: of two requests settling one purchase at
 * once, only the first finds it open (the second waits for the first's row lock, then finds
 * it settled) and gets the row back.
 */
export async function settleOpenPurchase(db: Database, id: number, status: 'complete' | 'expired', now: Date): Promise<PurchaseRecord | undefined> {
  const [row] = await db
    .update(purchases)
    .set({ status, completedAt: status === 'complete' ? now : null })
    .where(and(eq(purchases.id, id), eq(purchases.status, 'open')))
    .returning();
  return row;
}

/** A purchase by its provider's session id, whichever company made it (for the provider's own events). */
export async function findPurchaseBySession(db: Database, sessionId: string): Promise<PurchaseRecord | undefined> {
  const [row] = await db.select().from(purchases).where(eq(purchases.sessionId, sessionId));
  return row;
}

/** Records that the provider's event was handled: true the first time, false for an event seen before (a retry or a replay). */
export async function recordPaymentEvent(
  db: Database,
  event: { eventId: string; provider: string; type: string; receivedAt: Date },
): Promise<boolean> {
  const rows = await db.insert(paymentEvents).values(event).onConflictDoNothing().returning({ eventId: paymentEvents.eventId });
  return rows.length > 0;
}
