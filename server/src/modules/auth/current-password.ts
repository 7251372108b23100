/**
 * The current password a signed-in person gives to change their email address or password.
 * It is counted as a sign-in of the account is: a wrong one counts against the account's
 * lockout, and once the account is locked the right one is refused too, so the form cannot be
 * used to guess the password of a session someone left open.
 */
import { recordEvent, type Origin } from '../../audit/audit.js';
import { accountCounter, clearAttempts, giveBack, takeAttempt } from '../../auth/attempts.js';
import { displayNameOf } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import type { UserRecord } from '../users/repository.js';

export type PasswordCheck = 'right' | 'wrong' | 'locked';

export async function checkCurrentPassword(
  ctx: Pick<ServerContext, 'db' | 'now' | 'passwords'>,
  user: UserRecord,
  password: string,
  origin: Origin,
): Promise<PasswordCheck> {
  const account = accountCounter(user, user.name);
  const taken = await takeAttempt(ctx.db, [account], ctx.now());
  if (!taken) return 'locked';
  if (!(await ctx.passwords.verify(user.passwordHash, password))) {
    await recordEvent(ctx.db, {
      event: 'login-failed',
      level: 'warning',
      companyId: user.companyId,
      actor: { userId: user.id, name: displayNameOf(user) },
      target: user.name,
      origin,
      details: { reason: 'The current password given on My Account was wrong.' },
    });
    return 'wrong';
  }
  await giveBack(ctx.db, taken);
  await clearAttempts(ctx.db, account);
  return 'right';
}
