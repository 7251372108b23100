/**
 * Forgotten passwords. A request mails a one-hour link (codes 1, then 201 for repeats within
 * the hour); an unknown address answers -3 (then -203) and the caller learns nothing; past
 * five requests an hour for one address, -208. Setting the new password from the link ends
 * every session of the account; the link then answers -3, and -5 once expired.
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
import { findByEmail, findUser, type UserRecord } from '../users/repository.js';
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

  let user: UserRecord | undefined;
  try {
    user = await findByEmail(ctx.db, key);
  } catch (error) {
    ctx.log.error({ err: error }, 'The account of a reset request could not be read.');
    return forgotAnswer(repeated ? '-204' : '-4');
  }
  // Unknown, and blocked, accounts: nothing is sent and nothing is told.
  if (!user || user.blockedAt) return forgotAnswer(repeated ? '-203' : '-3');

  await recordEvent(ctx.db, { event: 'password-reset-requested', companyId: user.companyId, actor: { userId: user.id, name: displayNameOf(user) }, target: user.name, origin });
  try {
    await ctx.mail.send(resetMail(user.email, displayNameOf(user), passwordLink(ctx.keys, ctx.config.publicUrl, user, now)));
  } catch (error) {
    ctx.log.warn({ err: error }, 'A reset email could not be sent.');
    return forgotAnswer('-207');
  }
  return forgotAnswer(repeated ? '201' : '1');
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
      .set({ passwordHash, passwordChangedAt: now, activatedAt: user.activatedAt ?? now })
      .where(and(eq(users.id, user.id), user.passwordHash ? eq(users.passwordHash, user.passwordHash) : isNull(users.passwordHash)))
      .returning({ id: users.id });
    if (!changed) return setAnswer('-3');
    await endSessionsOf(tx, user.id, now);
    await recordEvent(tx, { event: 'password-changed', companyId: user.companyId, actor: { userId: user.id, name: displayNameOf(user) }, target: user.name, origin, details: { invitation: invited } });
    return setAnswer('1', appCodes.setNewPassword['1'].text);
  });
}
