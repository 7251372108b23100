/**
 * Counting failed sign-ins and reset requests in the database, so that limits hold across
 * server processes: per login name and per address for sign-ins, per email and per address
 * for password resets.
 */
import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { attempts } from '../db/schema.js';

type Kind = (typeof attempts.$inferInsert)['kind'];

export const limits = {
  /** Wrong passwords for one login name, and from one address, in 15 minutes. */
  loginPerName: { max: 5, windowMs: 15 * 60_000 },
  loginPerAddress: { max: 20, windowMs: 15 * 60_000 },
  /** Reset requests for one email, and from one address, in an hour. */
  resetPerEmail: { max: 5, windowMs: 60 * 60_000 },
  resetPerAddress: { max: 20, windowMs: 60 * 60_000 },
} as const;

export async function recentAttempts(db: Database, kind: Kind, key: string, now: Date, windowMs: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(attempts)
    .where(and(eq(attempts.kind, kind), eq(attempts.key, key), gte(attempts.at, new Date(now.getTime() - windowMs))));
  return row?.n ?? 0;
}

export async function recordAttempt(db: Database, kind: Kind, key: string, now: Date): Promise<void> {
  await db.insert(attempts).values({ kind, key, at: now });
}

export async function clearAttempts(db: Database, kind: Kind, key: string): Promise<void> {
  await db.delete(attempts).where(and(eq(attempts.kind, kind), eq(attempts.key, key)));
}

/** Forgets attempts older than a day (a housekeeping job). */
export async function pruneAttempts(db: Database, now: Date): Promise<void> {
  await db.delete(attempts).where(lt(attempts.at, new Date(now.getTime() - 24 * 60 * 60_000)));
}
