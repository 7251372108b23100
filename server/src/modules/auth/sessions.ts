/**
 * Sessions: started when a sign-in succeeds (password, and the second factor when one is
 * due), renewed with the refresh token, ended by logging out or a new password. A session
 * belongs to a device; a blocked device cannot sign in or go on.
 */
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { LoginResponse } from '@formsign/sdk/contract';
import type { Origin } from '../../audit/audit.js';
import { recordEvent } from '../../audit/audit.js';
import { displayNameOf } from '../../auth/principal.js';
import { digest, randomToken, signAccessToken, signIdToken } from '../../auth/tokens.js';
import { describeDevice } from '../../auth/user-agent.js';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { devices, sessions, users } from '../../db/schema.js';
import { findCompany, type UserRecord } from '../users/repository.js';

export interface SessionTokens {
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

export interface SignedIn {
  body: LoginResponse;
  tokens: SessionTokens;
}

/** A failed login's body: the code, the server's message, and nothing else. */
export function loginRefusal(code: number, message = ''): LoginResponse {
  return { code, token: '', issuper: false, isPersonal: false, isadmin: false, isfront: false, url: '', img: '', message, session: '', username: '' };
}

/** The device a sign-in comes from, recorded (or seen again); null when it is blocked. */
async function deviceFor(db: Database, user: UserRecord, origin: Origin, now: Date): Promise<number | null> {
  const device = describeDevice(origin.userAgent);
  const [row] = await db
    .insert(devices)
    .values({ companyId: user.companyId, userId: user.id, fingerprint: device.fingerprint, name: device.name, platform: device.platform, model: device.model, appVersion: device.appVersion, ip: origin.ip, lastSeen: now })
    .onConflictDoUpdate({ target: [devices.userId, devices.fingerprint], set: { lastSeen: now, ip: origin.ip, appVersion: device.appVersion } })
    .returning({ id: devices.id, blockedAt: devices.blockedAt });
  if (!row || row.blockedAt) return null;
  return row.id;
}

async function tokensFor(ctx: ServerContext, db: Database, user: UserRecord, sessionId: string, refreshToken: string): Promise<SignedIn> {
  const company = await findCompany(db, user.companyId);
  if (!company) throw new Error(`User ${user.id} has no company.`);
  const now = ctx.now();
  const admin = user.role === 'admin';
  const accessToken = await signAccessToken(
    ctx.keys,
    {
      sub: String(user.id),
      name: user.name,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      company_name: company.name,
      company: company.id,
      envelopes: company.envelopesBought,
      img: user.img,
      admin,
      sid: sessionId,
    },
    now,
    ctx.config.tokenTtlSeconds,
  );
  const idToken = await signIdToken(ctx.keys, { sub: String(user.id), name: user.name, email: user.email, given_name: user.firstName, family_name: user.lastName }, now, ctx.config.tokenTtlSeconds);
  return {
    body: {
      code: 1,
      token: accessToken,
      issuper: user.isSuper,
      isPersonal: user.personal,
      isadmin: user.isSubAdmin,
      isfront: user.isFrontAdmin,
      url: '',
      img: user.img,
      message: '',
      session: sessionId,
      username: displayNameOf(user),
    },
    tokens: { accessToken, idToken, refreshToken },
  };
}

/**
 * Starts a session for a person whose sign-in succeeded, in the caller's transaction: the
 * device is recorded, the sign-in audited. Null when the device is blocked.
 */
export async function startSession(ctx: ServerContext, db: Database, user: UserRecord, origin: Origin): Promise<SignedIn | null> {
  const now = ctx.now();
  const deviceId = await deviceFor(db, user, origin, now);
  if (deviceId === null) return null;
  const sessionId = randomToken('ses_', 18);
  const refreshToken = randomToken('rt_');
  await db.insert(sessions).values({
    id: sessionId,
    userId: user.id,
    deviceId,
    refreshHash: digest(refreshToken),
    ip: origin.ip,
    userAgent: origin.userAgent.slice(0, 512),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ctx.config.sessionDays * 24 * 60 * 60_000),
  });
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  await recordEvent(db, { event: 'login', companyId: user.companyId, actor: { userId: user.id, name: displayNameOf(user) }, target: user.name, origin });
  return tokensFor(ctx, db, user, sessionId, refreshToken);
}

/**
 * Renews a session from its refresh token: a new token pair, the old refresh token spent. A
 * spent refresh token presented again ends its session (someone copied it). Null when the
 * session cannot go on.
 */
export async function renewSession(ctx: ServerContext, refreshToken: string, origin: Origin): Promise<SignedIn | null> {
  const now = ctx.now();
  const hash = digest(refreshToken);
  return ctx.db.transaction(async (tx) => {
    const [live] = await tx
      .select({ session: sessions, user: users, deviceBlocked: devices.blockedAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(devices, eq(devices.id, sessions.deviceId))
      .where(and(eq(sessions.refreshHash, hash), isNull(sessions.endedAt), gt(sessions.expiresAt, now)))
      .for('update', { of: sessions });
    if (!live) {
      const [reused] = await tx
        .update(sessions)
        .set({ endedAt: now })
        .where(and(eq(sessions.previousRefreshHash, hash), isNull(sessions.endedAt)))
        .returning({ userId: sessions.userId });
      if (reused) {
        const [user] = await tx.select().from(users).where(eq(users.id, reused.userId));
        if (user) {
          await recordEvent(tx, {
            event: 'logout',
            companyId: user.companyId,
            actor: 'system',
            level: 'warning',
            target: user.name,
            details: { reason: 'A spent refresh token was used again; the session was ended.' },
            origin,
          });
        }
      }
      return null;
    }
    if (live.user.blockedAt || live.deviceBlocked) return null;
    const next = randomToken('rt_');
    await tx
      .update(sessions)
      .set({ refreshHash: digest(next), previousRefreshHash: hash, refreshedAt: now, ip: origin.ip })
      .where(eq(sessions.id, live.session.id));
    return tokensFor(ctx, tx, live.user, live.session.id, next);
  });
}

export async function endSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ endedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** Ends every session of a person (a new password), but the one given. */
export async function endSessionsOf(db: Database, userId: number, now: Date, except?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), except ? ne(sessions.id, except) : undefined));
}
