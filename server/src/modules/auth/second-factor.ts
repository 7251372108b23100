/**
 * Two-factor sign-in. After the right password, a person with mfa on gives the code of their
 * authenticator app (code 2), or, when they have none set up yet or their administrator
 * forces it (force_mfa Yes), sets one up first (code 3). A code by email is the fallback
 * (`verify-second-factor.ts`). The sign-in waits as a ticket for 10 minutes; five wrong codes
 * end it.
 */
import QRCode from 'qrcode';
import type { LoginResponse, SecondFactorChallenge } from '@formsign/sdk/contract';
import type { Origin } from '../../audit/audit.js';
import { digest, randomToken } from '../../auth/tokens.js';
import { newTotpSecret, otpauthUri } from '../../auth/totp.js';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import type { UserRecord } from '../users/repository.js';
import { deleteChallengesExpiredBefore, insertChallenge } from './repository.js';
import { sessionlessBody } from './refusals.js';

const ticketMinutes = 10;
export const maxFailures = 5;

/** `o•••@northwindcare.example`: enough to recognise one's own address, not to learn it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

/** Whether a person must give a second factor after their password. */
export function secondFactorDue(user: Pick<UserRecord, 'mfa' | 'forceMfa'>): boolean {
  return user.mfa || user.forceMfa;
}

async function qrCode(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The answer of a sign-in waiting for its second factor: no session yet, what to give next. */
export function waiting(code: 2 | 3, mfa: SecondFactorChallenge): LoginResponse {
  return { ...sessionlessBody(code), mfa };
}

/**
 * Opens the second step of a sign-in (the password was right): code 2 asks for the app's
 * code, code 3 for setting an app up first (with its secret and QR code).
 */
export async function openChallenge(
  ctx: Pick<ServerContext, 'keys' | 'now'>,
  db: Database,
  user: UserRecord,
  origin: Origin,
): Promise<LoginResponse> {
  const ticket = randomToken('mfa_', 24);
  const setUp = user.forceMfa || !user.totpSecret;
  const secret = setUp ? newTotpSecret() : null;
  const now = ctx.now();
  await insertChallenge(db, {
    ticketHash: digest(ticket),
    userId: user.id,
    method: 'totp',
    pendingSecret: secret ? ctx.keys.seal(secret) : null,
    ip: origin.ip,
    userAgent: origin.userAgent.slice(0, 512),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ticketMinutes * 60_000),
  });
  const email = maskEmail(user.email);
  if (!secret) return waiting(2, { ticket, method: 'totp', email, setup: null });
  const uri = otpauthUri(secret, user.name);
  return waiting(3, { ticket, method: 'totp', email, setup: { secret, uri, qr: await qrCode(uri) } });
}

/** Forgets tickets that ended more than a day ago (a housekeeping job). */
export async function pruneChallenges(db: Database, now: Date): Promise<void> {
  await deleteChallengesExpiredBefore(db, new Date(now.getTime() - 24 * 60 * 60_000));
}
