/**
 * Counting failed sign-ins and reset requests in the database, so that limits hold across
 * server processes: per account and per address for sign-ins (and for the current password
 * asked on My Account), per email and per address for password resets, per account for
 * changes of email address, per email for the mails registering with a taken address sends.
 *
 * An attempt is counted before the password is checked, under a lock per key: attempts that
 * arrive together are counted one after another, so no more of them are checked than the
 * limit allows. A right password gives its attempt back.
 */
import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { attempts } from '../db/schema.js';

type Kind = (typeof attempts.$inferInsert)['kind'];

export interface Limit {
  max: number;
  windowMs: number;
}

export const limits = {
  /** Wrong passwords for one account, and from one address, in 15 minutes. */
  loginPerAccount: { max: 5, windowMs: 15 * 60_000 },
  loginPerAddress: { max: 20, windowMs: 15 * 60_000 },
  /** Reset requests for one email, and from one address, in an hour. */
  resetPerEmail: { max: 5, windowMs: 60 * 60_000 },
  resetPerAddress: { max: 20, windowMs: 60 * 60_000 },
  /** Changes of email address one account asks for in an hour (each mails a link to an address typed). */
  emailChangesPerAccount: { max: 5, windowMs: 60 * 60_000 },
  /** Mails to the owner of an address someone tried to register with, in an hour. */
  registrationMailsPerEmail: { max: 3, windowMs: 60 * 60_000 },
} as const satisfies Record<string, Limit>;

/** One counter: what is counted, for which key, and its limit. */
export interface Counter extends Limit {
  kind: Kind;
  key: string;
}

/**
 * The sign-in counter of an account: whatever was typed for it (its login name or its email
 * address, in any case) counts once, on the account. A name no account has is counted under
 * the name, as an account would be, so the answers are the same for both.
 */
export function accountCounter(user: { id: number } | undefined, typed: string): Counter {
  return { kind: 'login-account', key: user ? `user:${user.id}` : `name:${typed.trim().toLowerCase()}`, ...limits.loginPerAccount };
}

export function addressCounter(kind: 'login-ip' | 'reset-ip', ip: string): Counter {
  return { kind, key: ip, ...(kind === 'login-ip' ? limits.loginPerAddress : limits.resetPerAddress) };
}

export async function recentAttempts(db: Database, kind: Kind, key: string, now: Date, windowMs: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(attempts)
    .where(and(eq(attempts.kind, kind), eq(attempts.key, key), gte(attempts.at, new Date(now.getTime() - windowMs))));
  return row?.n ?? 0;
}

export interface Taken {
  /** The rows of this attempt, one per counter (to give back after a right password). */
  ids: number[];
  /** How many attempts each counter had in its window before this one. */
  before: number[];
}

/**
 * Counts one attempt on every counter at once, or on none: null when one of them has reached
 * its limit. The counters are locked in the order given (callers give them in one order: the
 * account or email, then the address) until the count is written.
 */
export async function takeAttempt(db: Database, counters: readonly Counter[], now: Date): Promise<Taken | null> {
  return db.transaction(async (tx) => {
    for (const counter of counters) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${counter.kind}), hashtext(${counter.key}))`);
    }
    const before: number[] = [];
    for (const counter of counters) {
      const n = await recentAttempts(tx, counter.kind, counter.key, now, counter.windowMs);
      if (n >= counter.max) return null;
      before.push(n);
    }
    const rows = await tx
      .insert(attempts)
      .values(counters.map((counter) => ({ kind: counter.kind, key: counter.key, at: now })))
      .returning({ id: attempts.id });
    return { ids: rows.map((row) => row.id), before };
  });
}

/** Gives back the attempt of a right password. */
export async function giveBack(db: Database, taken: Taken): Promise<void> {
  if (taken.ids.length) await db.delete(attempts).where(inArray(attempts.id, taken.ids));
}

/** Forgets every attempt of a counter (a sign-in that succeeded). */
export async function clearAttempts(db: Database, counter: Pick<Counter, 'kind' | 'key'>): Promise<void> {
  await db.delete(attempts).where(and(eq(attempts.kind, counter.kind), eq(attempts.key, counter.key)));
}

/** Forgets attempts older than a day (a housekeeping job). */
export async function pruneAttempts(db: Database, now: Date): Promise<void> {
  await db.delete(attempts).where(lt(attempts.at, new Date(now.getTime() - 24 * 60 * 60_000)));
}
