/**
 * Two-factor sign-in. After the right password, a person with mfa on gives the code of their
 * authenticator app (code 2), or, when they have none set up yet or their administrator
 * forces it (force_mfa Yes), sets one up first (code 3). A code by email is the fallback.
 * The sign-in waits as a ticket for 10 minutes; five wrong codes end it.
 */
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { LoginResponse, SecondFactorChallenge, SecondFactorRequest } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { displayNameOf } from '../../auth/principal.js';
import { digest, randomToken } from '../../auth/tokens.js';
import { matchTotp, newTotpSecret, otpauthUri } from '../../auth/totp.js';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { mfaChallenges, users } from '../../db/schema.js';
import { signInCodeMail } from '../../mail/messages.js';
import type { UserRecord } from '../users/repository.js';
import { loginRefusal, startSession, type SignedIn } from './sessions.js';

const ticketMinutes = 10;
const maxFailures = 5;

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

function waiting(code: 2 | 3, mfa: SecondFactorChallenge): LoginResponse {
  return { ...loginRefusal(code), mfa };
}

/**
 * Opens the second step of a sign-in (the password was right): code 2 asks for the app's
 * code, code 3 for setting an app up first (with its secret and QR code).
 */
export async function openChallenge(ctx: ServerContext, db: Database, user: UserRecord, origin: Origin): Promise<LoginResponse> {
  const ticket = randomToken('mfa_', 24);
  const setUp = user.forceMfa || !user.totpSecret;
  const secret = setUp ? newTotpSecret() : null;
  const now = ctx.now();
  await db.insert(mfaChallenges).values({
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

function sixDigits(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export type SecondFactorOutcome = { kind: 'answer'; body: LoginResponse } | { kind: 'signedIn'; signedIn: SignedIn };

/** The `/login-mfa` call: send a code by email, or check a code and finish the sign-in. */
export async function continueSignIn(ctx: ServerContext, request: SecondFactorRequest, origin: Origin): Promise<SecondFactorOutcome> {
  const now = ctx.now();
  const ticketHash = digest(request.ticket);
  const answer = (body: LoginResponse): SecondFactorOutcome => ({ kind: 'answer', body });

  if (request.action === 'email') {
    const found = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ challenge: mfaChallenges, user: users })
        .from(mfaChallenges)
        .innerJoin(users, eq(users.id, mfaChallenges.userId))
        .where(and(eq(mfaChallenges.ticketHash, ticketHash), isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, now)));
      if (!row) return null;
      const code = sixDigits();
      await tx
        .update(mfaChallenges)
        .set({ method: 'email', emailCodeHash: digest(`${ticketHash}:${code}`) })
        .where(eq(mfaChallenges.ticketHash, ticketHash));
      return { user: row.user, code };
    });
    if (!found) return answer(loginRefusal(-1));
    try {
      await ctx.mail.send(signInCodeMail(found.user.email, displayNameOf(found.user), found.code));
    } catch (error) {
      ctx.log.warn({ err: error }, 'The sign-in code could not be mailed.');
      return answer(loginRefusal(-207));
    }
    return answer(waiting(2, { ticket: request.ticket, method: 'email', email: maskEmail(found.user.email), setup: null }));
  }

  return ctx.db.transaction(async (tx): Promise<SecondFactorOutcome> => {
    const [row] = await tx
      .select({ challenge: mfaChallenges, user: users })
      .from(mfaChallenges)
      .innerJoin(users, eq(users.id, mfaChallenges.userId))
      .where(and(eq(mfaChallenges.ticketHash, ticketHash), isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, now)))
      .for('update', { of: mfaChallenges });
    if (!row) return answer(loginRefusal(-1));
    const { challenge, user } = row;
    if (user.blockedAt) return answer(loginRefusal(-2));
    const code = request.code ?? '';

    let acceptedStep: number | null = null;
    let settingUp: string | null = null;
    if (challenge.method === 'email') {
      if (challenge.emailCodeHash && challenge.emailCodeHash === digest(`${ticketHash}:${code}`)) acceptedStep = 0;
    } else {
      settingUp = challenge.pendingSecret ? ctx.keys.unseal(challenge.pendingSecret) : null;
      const secret = settingUp ?? (user.totpSecret ? ctx.keys.unseal(user.totpSecret) : null);
      const step = secret ? matchTotp(secret, code, now) : null;
      // A code works once: not again, nor an older one.
      if (step !== null && (settingUp || user.totpLastStep === null || step > user.totpLastStep)) acceptedStep = step;
    }

    if (acceptedStep === null) {
      const failures = challenge.failures + 1;
      await tx
        .update(mfaChallenges)
        .set({ failures, ...(failures >= maxFailures ? { usedAt: now } : {}) })
        .where(eq(mfaChallenges.ticketHash, ticketHash));
      return answer(loginRefusal(failures >= maxFailures ? -208 : -3));
    }

    await tx.update(mfaChallenges).set({ usedAt: now }).where(eq(mfaChallenges.ticketHash, ticketHash));
    if (challenge.method === 'totp') {
      await tx
        .update(users)
        .set({
          totpLastStep: acceptedStep,
          ...(settingUp ? { totpSecret: ctx.keys.seal(settingUp), mfa: true, forceMfa: false } : {}),
        })
        .where(eq(users.id, user.id));
      if (settingUp) {
        await recordEvent(tx, { event: 'mfa-set-up', companyId: user.companyId, actor: { userId: user.id, name: displayNameOf(user) }, target: user.name, origin });
      }
    }
    const signedIn = await startSession(ctx, tx, { ...user, ...(settingUp ? { mfa: true, forceMfa: false } : {}) }, origin);
    if (!signedIn) return answer(loginRefusal(-2, 'This device has been blocked. Please contact your administrator.'));
    return { kind: 'signedIn', signedIn };
  });
}

/** Forgets tickets that ended more than a day ago (a housekeeping job). */
export async function pruneChallenges(db: Database, now: Date): Promise<void> {
  await db.delete(mfaChallenges).where(sql`${mfaChallenges.expiresAt} < ${new Date(now.getTime() - 24 * 60 * 60_000)}`);
}
