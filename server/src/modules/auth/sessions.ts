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
import type { UserRecord } from '../users/repository.js';
import { findCompany } from '../../companies/repository.js';

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

/** The tokens of a session, signed as of `now`: the same claims and time give the same tokens. */
async function tokensFor(ctx: ServerContext, db: Database, user: UserRecord, sessionId: string, refreshToken: string, now: Date = ctx.now()): Promise<SignedIn> {
  const company = await findCompany(db, user.companyId);
  if (!company) throw new Error(`User ${user.id} has no company.`);
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
 * How long the refresh token a renewal spent still renews, answering the same new pair: two
 * tabs (or a retried request) renewing at once both go on, with the same tokens.
 */
export const refreshGraceMs = 10_000;

/**
 * The refresh token that follows `spentHash` in a session. It is derived from the spent one
 * with the instance's secret rather than drawn at random, so a renewal within the grace can
 * answer it again without any token being kept in the database.
 */
function nextRefreshToken(ctx: ServerContext, sessionId: string, spentHash: string): string {
  return `rt_${ctx.keys.mac('refresh-token', sessionId, spentHash)}`;
}

const renewable = { session: sessions, user: users, deviceBlocked: devices.blockedAt };

/**
 * Renews a session from its refresh token: a new token pair, the old refresh token spent. The
 * spent token presented again within `refreshGraceMs` of its renewal answers the same pair;
 * later, it ends its session (someone copied it). Null when the session cannot go on.
 */
export async function renewSession(ctx: ServerContext, refreshToken: string, origin: Origin): Promise<SignedIn | null> {
  const now = ctx.now();
  const hash = digest(refreshToken);
  return ctx.db.transaction(async (tx) => {
    // A renewal under way holds the row: one with the same token waits for it, then finds the
    // token spent (the row's refresh hash is no longer this one) and takes the grace below.
    const [live] = await tx
      .select(renewable)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(devices, eq(devices.id, sessions.deviceId))
      .where(and(eq(sessions.refreshHash, hash), isNull(sessions.endedAt), gt(sessions.expiresAt, now)))
      .for('update', { of: sessions });
    if (live) {
      if (live.user.blockedAt || live.deviceBlocked) return null;
      const next = nextRefreshToken(ctx, live.session.id, hash);
      await tx
        .update(sessions)
        .set({ refreshHash: digest(next), previousRefreshHash: hash, refreshedAt: now, ip: origin.ip })
        .where(eq(sessions.id, live.session.id));
      return tokensFor(ctx, tx, live.user, live.session.id, next, now);
    }

    const [spent] = await tx
      .select(renewable)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(devices, eq(devices.id, sessions.deviceId))
      .where(and(eq(sessions.previousRefreshHash, hash), isNull(sessions.endedAt)))
      .for('update', { of: sessions });
    if (!spent) return null;
    const { session, user } = spent;
    const next = nextRefreshToken(ctx, session.id, hash);
    const renewedAt = session.refreshedAt;
    const withinGrace = renewedAt !== null && now.getTime() - renewedAt.getTime() <= refreshGraceMs && session.refreshHash === digest(next) && session.expiresAt > now;
    if (withinGrace) {
      if (user.blockedAt || spent.deviceBlocked) return null;
      return tokensFor(ctx, tx, user, session.id, next, renewedAt);
    }
    await tx.update(sessions).set({ endedAt: now }).where(eq(sessions.id, session.id));
    await recordEvent(tx, {
      event: 'logout',
      companyId: user.companyId,
      actor: 'system',
      level: 'warning',
      target: user.name,
      details: { reason: 'A spent refresh token was used again; the session was ended.' },
      origin,
    });
    return null;
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
