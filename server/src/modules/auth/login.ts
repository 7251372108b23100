/**
 * Logging in with a name (or email) and password. Wrong passwords are counted per name and
 * per address; past the limit the answer is -208 whatever the password, until the window
 * has passed. The answer takes as long for an unknown name as for a wrong password.
 */
import type { LoginResponse } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { clearAttempts, limits, recentAttempts, recordAttempt } from '../../auth/attempts.js';
import { displayNameOf } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { findByLogin } from '../users/repository.js';
import { openChallenge, secondFactorDue } from './second-factor.js';
import { loginRefusal, startSession, type SignedIn } from './sessions.js';

export type LoginOutcome = { kind: 'answer'; body: LoginResponse } | { kind: 'signedIn'; signedIn: SignedIn };

const answer = (body: LoginResponse): LoginOutcome => ({ kind: 'answer', body });

export async function logIn(ctx: ServerContext, name: string, password: string, origin: Origin): Promise<LoginOutcome> {
  const now = ctx.now();
  const nameKey = name.trim().toLowerCase();
  const [byName, byAddress] = await Promise.all([
    recentAttempts(ctx.db, 'login-name', nameKey, now, limits.loginPerName.windowMs),
    recentAttempts(ctx.db, 'login-ip', origin.ip, now, limits.loginPerAddress.windowMs),
  ]);
  if (byName >= limits.loginPerName.max || byAddress >= limits.loginPerAddress.max) return answer(loginRefusal(-208));

  const user = await findByLogin(ctx.db, nameKey);
  const valid = await ctx.passwords.verify(user?.passwordHash ?? null, password);
  if (!user || !valid) {
    await ctx.db.transaction(async (tx) => {
      await recordAttempt(tx, 'login-name', nameKey, now);
      await recordAttempt(tx, 'login-ip', origin.ip, now);
      if (user) {
        await recordEvent(tx, { event: 'login-failed', level: 'warning', companyId: user.companyId, actor: { userId: user.id, name: displayNameOf(user) }, target: user.name, origin });
      }
    });
    return answer(loginRefusal(0));
  }
  if (!user.activatedAt) return answer(loginRefusal(-1));
  if (user.blockedAt) return answer(loginRefusal(-2));

  return ctx.db.transaction(async (tx) => {
    await clearAttempts(tx, 'login-name', nameKey);
    if (secondFactorDue(user)) return answer(await openChallenge(ctx, tx, user, origin));
    const signedIn = await startSession(ctx, tx, user, origin);
    if (!signedIn) return answer(loginRefusal(-2, 'This device has been blocked. Please contact your administrator.'));
    return { kind: 'signedIn', signedIn } satisfies LoginOutcome;
  });
}
