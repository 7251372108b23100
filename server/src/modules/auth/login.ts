/**
 * Logging in with a name (or email) and password. Wrong passwords are counted per account,
 * whichever of its name or address was typed, and per address; past the limit the answer is
 * -208 whatever the password, until the window has passed. Each attempt is counted before its
 * password is checked, so attempts sent together cannot all be checked against one count. The
 * answer takes as long, and counts alike, for an unknown name as for a wrong password.
 */
import type { LoginResponse } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { accountCounter, addressCounter, clearAttempts, giveBack, takeAttempt } from '../../auth/attempts.js';
import { displayNameOf } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { findByLogin } from '../users/repository.js';
import { openChallenge, secondFactorDue } from './second-factor.js';
import { loginRefusal, startSession, type SignedIn } from './sessions.js';

export type LoginOutcome = { kind: 'answer'; body: LoginResponse } | { kind: 'signedIn'; signedIn: SignedIn };

const answer = (body: LoginResponse): LoginOutcome => ({ kind: 'answer', body });

export async function logIn(ctx: ServerContext, name: string, password: string, origin: Origin): Promise<LoginOutcome> {
  const now = ctx.now();
  const user = await findByLogin(ctx.db, name);
  const account = accountCounter(user, name);
  const taken = await takeAttempt(ctx.db, [account, addressCounter('login-ip', origin.ip)], now);
  if (!taken) return answer(loginRefusal(-208));

  const valid = await ctx.passwords.verify(user?.passwordHash ?? null, password);
  if (!user || !valid) {
    if (user) {
      await recordEvent(ctx.db, { event: 'login-failed', level: 'warning', companyId: user.companyId, actor: { userId: user.id, name: displayNameOf(user) }, target: user.name, origin });
    }
    return answer(loginRefusal(0));
  }
  // The right password: this attempt was not a failure.
  await giveBack(ctx.db, taken);
  if (!user.activatedAt) return answer(loginRefusal(-1));
  if (user.blockedAt) return answer(loginRefusal(-2));

  return ctx.db.transaction(async (tx) => {
    await clearAttempts(tx, account);
    if (secondFactorDue(user)) return answer(await openChallenge(ctx, tx, user, origin));
    const signedIn = await startSession(ctx, tx, user, origin);
    if (!signedIn) return answer(loginRefusal(-2, 'This device has been blocked. Please contact your administrator.'));
    return { kind: 'signedIn', signedIn } satisfies LoginOutcome;
  });
}
