/**
 * Sessions: started when a sign-in succeeds (password, and the second factor when one is
 * due), renewed with the refresh token (`renew-session.ts`), ended by logging out or a new
 * password. A session belongs to a device; a blocked device cannot sign in or go on.
 */
import type { LoginResponse } from '@formsign/sdk/contract';
import type { Origin } from '../../audit/audit.js';
import { recordEvent } from '../../audit/audit.js';
import { displayNameOf } from '../../auth/principal.js';
import { insertSession } from '../../auth/session-repository.js';
import { digest, randomToken, signAccessToken, signIdToken } from '../../auth/tokens.js';
import { describeDevice } from '../../auth/user-agent.js';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { recordSignInDevice } from '../devices/repository.js';
import { updateUser, type UserRecord } from '../users/repository.js';
import { findCompany } from '../../companies/repository.js';
import { isLanguage } from '../../i18n/i18n.js';

/** What starting or renewing a session needs of the context. */
export type SessionContext = Pick<ServerContext, 'keys' | 'config' | 'now'>;

export interface SessionTokens {
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

export interface SignedIn {
  body: LoginResponse;
  tokens: SessionTokens;
}

/** The device a sign-in comes from, recorded (or seen again); null when it is blocked. */
async function deviceFor(db: Database, user: UserRecord, origin: Origin, now: Date): Promise<number | null> {
  const device = describeDevice(origin.userAgent);
  const row = await recordSignInDevice(db, {
    companyId: user.companyId,
    userId: user.id,
    fingerprint: device.fingerprint,
    name: device.name,
    platform: device.platform,
    model: device.model,
    appVersion: device.appVersion,
    ip: origin.ip,
    lastSeen: now,
  });
  return row.blockedAt ? null : row.id;
}

/** The tokens of a session, signed as of `now`: the same claims and time give the same tokens. */
export async function tokensFor(
  ctx: SessionContext,
  db: Database,
  user: UserRecord,
  sessionId: string,
  refreshToken: string,
  now: Date = ctx.now(),
): Promise<SignedIn> {
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
  const idToken = await signIdToken(
    ctx.keys,
    { sub: String(user.id), name: user.name, email: user.email, given_name: user.firstName, family_name: user.lastName },
    now,
    ctx.config.tokenTtlSeconds,
  );
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
      // The person's own choice, which the app keeps as theirs; without one, it shows the organisation's.
      ...(isLanguage(user.language) ? { language: user.language } : {}),
    },
    tokens: { accessToken, idToken, refreshToken },
  };
}

/**
 * Starts a session for a person whose sign-in succeeded, in the caller's transaction: the
 * device is recorded, the sign-in audited. Null when the device is blocked.
 */
export async function startSession(ctx: SessionContext, db: Database, user: UserRecord, origin: Origin): Promise<SignedIn | null> {
  const now = ctx.now();
  const deviceId = await deviceFor(db, user, origin, now);
  if (deviceId === null) return null;
  const sessionId = randomToken('ses_', 18);
  const refreshToken = randomToken('rt_');
  await insertSession(db, {
    id: sessionId,
    userId: user.id,
    deviceId,
    refreshHash: digest(refreshToken),
    ip: origin.ip,
    userAgent: origin.userAgent.slice(0, 512),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ctx.config.sessionDays * 24 * 60 * 60_000),
  });
  await updateUser(db, user.id, { lastLoginAt: now });
  await recordEvent(db, {
    event: 'login',
    companyId: user.companyId,
    actor: { userId: user.id, name: displayNameOf(user) },
    target: user.name,
    origin,
  });
  return tokensFor(ctx, db, user, sessionId, refreshToken);
}
