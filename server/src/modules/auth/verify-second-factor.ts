/**
 * The `/login-mfa` call: send a code by email, or check a code and finish the sign-in. A
 * wrong code is counted on its ticket; the fifth ends it (-208). A code works once: not
 * again, nor an older one.
 */
import { randomInt } from 'node:crypto';
import type { LoginResponse, SecondFactorRequest } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { displayNameOf } from '../../auth/principal.js';
import { digest } from '../../auth/tokens.js';
import { matchTotp } from '../../auth/totp.js';
import { personLanguage } from '../../companies/repository.js';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { signInCodeMail } from '../../mail/messages.js';
import { updateUser } from '../users/repository.js';
import { findOpenChallenge, lockOpenChallenge, updateChallenge, type OpenChallenge } from './repository.js';
import { maskEmail, maxFailures, waiting } from './second-factor.js';
import { startSession, type SignedIn } from './sessions.js';
import { blockedDevice } from './sign-in.js';

type SecondFactorContext = Pick<ServerContext, 'db' | 'keys' | 'config' | 'now' | 'mail' | 'log'>;

export type SecondFactorOutcome = { kind: 'waiting'; body: LoginResponse } | { kind: 'signedIn'; signedIn: SignedIn };

const expiredTicket = (): AppError =>
  new AppError(AppErrorCode.Expired, '', { appCode: '-1', detail: 'The sign-in ticket is unknown, used or expired.' });

function sixDigits(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Mails a code for the ticket; its second step then waits for that code instead of the app's. */
async function mailCode(ctx: SecondFactorContext, ticket: string): Promise<SecondFactorOutcome> {
  const ticketHash = digest(ticket);
  const found = await ctx.db.transaction(async (tx) => {
    const row = await findOpenChallenge(tx, ticketHash, ctx.now());
    if (!row) return null;
    const code = sixDigits();
    await updateChallenge(tx, ticketHash, { method: 'email', emailCodeHash: digest(`${ticketHash}:${code}`) });
    return { user: row.user, code };
  });
  if (!found) throw expiredTicket();
  try {
    await ctx.mail.sendNow(signInCodeMail(await personLanguage(ctx.db, found.user), found.user.email, displayNameOf(found.user), found.code));
  } catch (error) {
    ctx.log.warn({ err: error }, 'The sign-in code could not be mailed.');
    throw new AppError(AppErrorCode.Unavailable, '', { appCode: '-207', detail: 'The sign-in code could not be mailed.' });
  }
  return { kind: 'waiting', body: waiting(2, { ticket, method: 'email', email: maskEmail(found.user.email), setup: null }) };
}

/** The step of the code accepted (0 for a mailed code), and the secret being set up, if any. */
function acceptedCode(
  ctx: Pick<ServerContext, 'keys'>,
  { challenge, user }: OpenChallenge,
  ticketHash: string,
  code: string,
  now: Date,
): { step: number | null; settingUp: string | null } {
  if (challenge.method === 'email') {
    return { step: challenge.emailCodeHash && challenge.emailCodeHash === digest(`${ticketHash}:${code}`) ? 0 : null, settingUp: null };
  }
  const settingUp = challenge.pendingSecret ? ctx.keys.unseal(challenge.pendingSecret) : null;
  const secret = settingUp ?? (user.totpSecret ? ctx.keys.unseal(user.totpSecret) : null);
  const step = secret ? matchTotp(secret, code, now) : null;
  // A code works once: not again, nor an older one.
  const fresh = step !== null && (settingUp !== null || user.totpLastStep === null || step > user.totpLastStep);
  return { step: fresh ? step : null, settingUp };
}

/**
 * Checks a code in the caller's transaction. A wrong code is counted there, and a blocked
 * device seen: their refusal is given back, to be thrown once that is kept.
 */
async function checkCode(ctx: SecondFactorContext, tx: Database, request: SecondFactorRequest, origin: Origin): Promise<SignedIn | AppError> {
  const now = ctx.now();
  const ticketHash = digest(request.ticket);
  const row = await lockOpenChallenge(tx, ticketHash, now);
  if (!row) throw expiredTicket();
  const { challenge, user } = row;
  if (user.blockedAt) throw new AppError(AppErrorCode.Forbidden, '', { appCode: '-2', detail: 'The person is blocked.' });

  const { step, settingUp } = acceptedCode(ctx, row, ticketHash, request.code ?? '', now);
  if (step === null) {
    const failures = challenge.failures + 1;
    await updateChallenge(tx, ticketHash, { failures, ...(failures >= maxFailures ? { usedAt: now } : {}) });
    return failures >= maxFailures
      ? new AppError(AppErrorCode.LimitReached, '', { appCode: '-208', detail: 'Too many wrong codes: the ticket has ended.' })
      : new AppError(AppErrorCode.InvalidInput, '', { appCode: '-3', detail: 'The code is not correct.' });
  }

  await updateChallenge(tx, ticketHash, { usedAt: now });
  if (challenge.method === 'totp') {
    await updateUser(tx, user.id, { totpLastStep: step, ...(settingUp ? { totpSecret: ctx.keys.seal(settingUp), mfa: true, forceMfa: false } : {}) });
    if (settingUp) {
      await recordEvent(tx, {
        event: 'mfa-set-up',
        companyId: user.companyId,
        actor: { userId: user.id, name: displayNameOf(user) },
        target: user.name,
        origin,
      });
    }
  }
  const signedIn = await startSession(ctx, tx, { ...user, ...(settingUp ? { mfa: true, forceMfa: false } : {}) }, origin);
  return signedIn ?? blockedDevice();
}

/** The `/login-mfa` call: send a code by email, or check a code and finish the sign-in. */
export async function verifySecondFactor(ctx: SecondFactorContext, request: SecondFactorRequest, origin: Origin): Promise<SecondFactorOutcome> {
  if (request.action === 'email') return mailCode(ctx, request.ticket);
  const checked = await ctx.db.transaction((tx) => checkCode(ctx, tx, request, origin));
  if (checked instanceof AppError) throw checked;
  return { kind: 'signedIn', signedIn: checked };
}
