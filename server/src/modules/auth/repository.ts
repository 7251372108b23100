/**
 * The queries of two-factor sign-in: the tickets a sign-in waits on between the password and
 * the second factor (`mfa_challenges`), read with the person they sign in.
 */
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { mfaChallenges, users } from '../../db/schema.js';
import type { UserRecord } from '../users/repository.js';

export type ChallengeRecord = typeof mfaChallenges.$inferSelect;
export type NewChallenge = typeof mfaChallenges.$inferInsert;

export interface OpenChallenge {
  challenge: ChallengeRecord;
  user: UserRecord;
}

export async function insertChallenge(db: Database, challenge: NewChallenge): Promise<void> {
  await db.insert(mfaChallenges).values(challenge);
}

const open = (ticketHash: string, now: Date) =>
  and(eq(mfaChallenges.ticketHash, ticketHash), isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, now));

/** A ticket neither used nor expired, with its person. */
export async function findOpenChallenge(db: Database, ticketHash: string, now: Date): Promise<OpenChallenge | undefined> {
  const [row] = await db
    .select({ challenge: mfaChallenges, user: users })
    .from(mfaChallenges)
    .innerJoin(users, eq(users.id, mfaChallenges.userId))
    .where(open(ticketHash, now));
  return row;
}

/** The same, held until the end of the transaction: two codes for one ticket are checked one after the other. */
export async function lockOpenChallenge(db: Database, ticketHash: string, now: Date): Promise<OpenChallenge | undefined> {
  const [row] = await db
    .select({ challenge: mfaChallenges, user: users })
    .from(mfaChallenges)
    .innerJoin(users, eq(users.id, mfaChallenges.userId))
    .where(open(ticketHash, now))
    .for('update', { of: mfaChallenges });
  return row;
}

export async function updateChallenge(db: Database, ticketHash: string, change: Partial<NewChallenge>): Promise<void> {
  await db.update(mfaChallenges).set(change).where(eq(mfaChallenges.ticketHash, ticketHash));
}

/** Forgets the tickets that expired before the time given. */
export async function deleteChallengesExpiredBefore(db: Database, before: Date): Promise<void> {
  await db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, before));
}
