/** The queries of messages to support. */
import { and, count, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { supportMessages } from '../../db/schema.js';

/** How many messages a person sent since the time given. */
export async function messagesSentSince(db: Database, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportMessages)
    .where(and(eq(supportMessages.userId, userId), gte(supportMessages.createdAt, since)));
  return row?.n ?? 0;
}

/** Keeps a message with the company; its id makes its reference. */
export async function insertMessage(db: Database, message: typeof supportMessages.$inferInsert): Promise<number> {
  const [row] = await db.insert(supportMessages).values(message).returning({ id: supportMessages.id });
  if (!row) throw new Error('The message was not stored.');
  return row.id;
}
