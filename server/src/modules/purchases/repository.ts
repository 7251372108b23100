/** The queries of purchases: each bounded by the company that bought. */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { purchases } from '../../db/schema.js';

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
