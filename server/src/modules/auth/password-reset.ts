/**
 * Forgotten passwords. A request answers 1 (then 201 for repeats within the hour) whatever the
 * address: whether an account has it is looked up off the request, by the job the request
 * queues, which mails that account a one-hour link (an unknown or blocked address gets
 * nothing). So no answer, and no delay, tells whether an account has the address; the
 * mailbox's owner is the one who learns it. Past five requests an hour for one address, -208;
 * when the request cannot be queued, -207. Setting the new password from the link ends every
 * session of the account and cancels a change of email address under way; the link then
 * answers -3, and -5 once expired.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { CodeResult, SetNewPasswordRequest } from '@formsign/sdk/contract';
import { appCodes } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { addressCounter, limits, takeAttempt } from '../../auth/attempts.js';
import { displayNameOf } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { resetMail } from '../../mail/messages.js';
import { findByEmail, findUser } from '../users/repository.js';
import { passwordLink, passwordLinkMatches, passwordLinkSeconds } from './links.js';
import { endSessionsOf } from './sessions.js';

type ForgotCode = keyof (typeof appCodes)['forgotPassword'];
type SetCode = keyof (typeof appCodes)['setNewPassword'];

const forgotAnswer = (code: ForgotCode): CodeResult => ({ code: Number(code), message: '' });
const setAnswer = (code: SetCode, message = ''): CodeResult => ({ code: Number(code), message });

export const minimumPasswordLength = 8;

export async function requestReset(ctx: ServerContext, email: string, origin: Origin): Promise<CodeResult> {
  const now = ctx.now();
  const key = email.trim().toLowerCase();
  const taken = await takeAttempt(ctx.db, [{ kind: 'reset-email', key, ...limits.resetPerEmail }, addressCounter('reset-ip', origin.ip)], now);
  if (!taken) return forgotAnswer('-208');
  const repeated = (taken.before[0] ?? 0) > 0;
  try {
    await ctx.jobs.enqueue('password-reset', { email: key, ip: origin.ip, userAgent: origin.userAgent.slice(0, 512) });
  } catch (error) {
    ctx.log.error({ err: error }, 'A reset request could not be queued.');
    return forgotAnswer('-207');
  }
  return forgotAnswer(repeated ? '201' : '1');
}

/** What the job of a reset request is given: the address typed, and where the request came from. */
export interface ResetRequest {
  email: string;
  ip: string;
  userAgent: string;
}

/** The job of a reset request: mails a link to the account that has the address, if any. */
export async function mailResetLink(ctx: ServerContext, request: ResetRequest): Promise<void> {
  const user = await findByEmail(ctx.db, request.email);
  // Unknown, and blocked, accounts: nothing is sent.
  if (!user || user.blockedAt) return;
  await ctx.mail.send(resetMail(user.email, displayNameOf(user), passwordLink(ctx.keys, ctx.config.publicUrl, user, ctx.now())));
  await recordEvent(ctx.db, { event: 'password-reset-requested', companyId: user.companyId, actor: { userId: user.id, name: displayNameOf(user) }, target: user.name, origin: { ip: request.ip, userAgent: request.userAgent } });
}

export async function setNewPassword(ctx: ServerContext, request: SetNewPasswordRequest, origin: Origin): Promise<CodeResult> {
  const now = ctx.now();
  const userId = Number(request.userId);
  const timestamp = Number(request.timestamp);
  if (!Number.isInteger(userId) || userId < 1 || !Number.isInteger(timestamp)) return setAnswer('-6');
  if (request.password.length < minimumPasswordLength) return setAnswer('-1', `Your password must be at least ${minimumPasswordLength} characters long.`);

  const user = await findUser(ctx.db, userId);
  if (!user) return setAnswer('-6');
  const age = now.getTime() / 1000 - timestamp;
  if (age < -300) return setAnswer('-6');
  if (!passwordLinkMatches(ctx.keys, user, timestamp, request.hashedPassword)) {
    // The password changed since the link was made: this link (or a later one) was used.
    const changed = user.passwordChangedAt ? user.passwordChangedAt.getTime() / 1000 : null;
    return setAnswer(changed !== null && changed >= timestamp ? '-3' : '-6');
  }
  if (age > passwordLinkSeconds(user)) return setAnswer('-5');
  // Hashed before the transaction, which then only writes if the password is still the one
  // the link was made for (two uses of one link at once: the second finds it changed).
  const passwordHash = await ctx.passwords.hash(request.password);
  const invited = !user.passwordHash;
  return ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, activatedAt: user.activatedAt ?? now, pendingEmail: null, pendingEmailAt: null })
      .where(and(eq(users.id, user.id), user.passwordHash ? eq(users.passwordHash, user.passwordHash) : isNull(users.passwordHash)))
      .returning({ id: users.id });
    if (!changed) return setAnswer('-3');
    await endSessionsOf(tx, user.id, now);
    await recordEvent(tx, { event: 'password-changed', companyId: user.companyId, actor: { userId: user.id, name: displayNameOf(user) }, target: user.name, origin, details: { invitation: invited } });
    return setAnswer('1', appCodes.setNewPassword['1'].text);
  });
}
