/**
 * The queries of sessions: started at a sign-in, renewed with the refresh token, ended by
 * logging out, a new password, a blocked person or a removed device. Signing in, the people
 * and the devices areas all end sessions, so their queries sit here, below them.
 */
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { devices, sessions, users } from '../db/schema.js';

export type SessionRecord = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

/** A session with its person and whether its device is blocked, as a renewal reads it. */
export interface RenewableSession {
  session: SessionRecord;
  user: typeof users.$inferSelect;
  deviceBlocked: Date | null;
}

const renewable = { session: sessions, user: users, deviceBlocked: devices.blockedAt };

export async function insertSession(db: Database, session: NewSession): Promise<void> {
  await db.insert(sessions).values(session);
}

/**
 * The live session a refresh token renews, held until the end of the transaction: a renewal
 * with the same token waits for it, then finds the token spent.
 */
export async function lockLiveSession(db: Database, refreshHash: string, now: Date): Promise<RenewableSession | undefined> {
  const [row] = await db
    .select(renewable)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(devices, eq(devices.id, sessions.deviceId))
    .where(and(eq(sessions.refreshHash, refreshHash), isNull(sessions.endedAt), gt(sessions.expiresAt, now)))
    .for('update', { of: sessions });
  return row;
}

/** The session whose previous refresh token is this one (spent by a renewal), held likewise. */
export async function lockSessionSpending(db: Database, spentHash: string): Promise<RenewableSession | undefined> {
  const [row] = await db
    .select(renewable)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(devices, eq(devices.id, sessions.deviceId))
    .where(and(eq(sessions.previousRefreshHash, spentHash), isNull(sessions.endedAt)))
    .for('update', { of: sessions });
  return row;
}

/** Records a renewal: the next refresh token, the one spent, when and from where. */
export async function recordRenewal(
  db: Database,
  sessionId: string,
  renewal: { refreshHash: string; previousRefreshHash: string; refreshedAt: Date; ip: string },
): Promise<void> {
  await db.update(sessions).set(renewal).where(eq(sessions.id, sessionId));
}

export async function endSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** Ends every session of a person (a new password), but the one given. */
export async function endSessionsOf(db: Database, userId: number, now: Date, except?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), except ? ne(sessions.id, except) : undefined));
}

/** Ends every session of a person, ended ones included (a blocked person: their end is now). */
export async function endAllSessionsOf(db: Database, userId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ endedAt: now }).where(eq(sessions.userId, userId));
}

/** Ends the sessions of a device (a removed device). */
export async function endSessionsOfDevice(db: Database, deviceId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.deviceId, deviceId), isNull(sessions.endedAt)));
}
