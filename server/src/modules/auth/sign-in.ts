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
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { passwordsOff } from '../sso/repository.js';
import { findByLogin } from '../users/repository.js';
import { openChallenge, secondFactorDue } from './second-factor.js';
import { startSession, type SignedIn } from './sessions.js';
import { msg } from '#words';

/** Signed in, or waiting for the second factor (the password was right). */
export type SignInOutcome = { kind: 'waiting'; body: LoginResponse } | { kind: 'signedIn'; signedIn: SignedIn };

const signInTexts = {
  blockedDevice: msg({ message: 'This device has been blocked. Please contact your administrator.' }),
  singleSignOn: msg({ message: 'Your organisation signs in with {provider}. Use "Sign in with {provider}".' }),
};

/** The refusal of a sign-in from a blocked device. */
export function blockedDevice(): AppError {
  return new AppError(AppErrorCode.Forbidden, signInTexts.blockedDevice, { appCode: '-2' });
}

export async function signIn(
  ctx: Pick<ServerContext, 'db' | 'keys' | 'config' | 'now' | 'passwords'>,
  name: string,
  password: string,
  origin: Origin,
): Promise<SignInOutcome> {
  const now = ctx.now();
  const user = await findByLogin(ctx.db, name);
  const account = accountCounter(user, name);
  const taken = await takeAttempt(ctx.db, [account, addressCounter('login-ip', origin.ip)], now);
  if (!taken)
    throw new AppError(AppErrorCode.TooManyRequests, '', {
      appCode: '-208',
      detail: 'Too many wrong passwords for the account or from the address.',
    });

  const valid = await ctx.passwords.verify(user?.passwordHash ?? null, password);
  // An organisation that requires single sign-on has no passwords (its super users keep theirs):
  // refused whether or not the password was right, so it is no way to test passwords.
  const sso = user && !user.isSuper ? await passwordsOff(ctx.db, user.companyId) : null;
  if (sso) {
    throw new AppError(AppErrorCode.Forbidden, signInTexts.singleSignOn, {
      values: { provider: sso.displayName },
      appCode: '-3',
      detail: 'Passwords are off for the organisation.',
    });
  }
  if (!user || !valid) {
    if (user) {
      await recordEvent(ctx.db, {
        event: 'login-failed',
        level: 'warning',
        companyId: user.companyId,
        actor: { userId: user.id, name: displayNameOf(user) },
        target: user.name,
        origin,
      });
    }
    throw new AppError(AppErrorCode.Unauthorized, '', { appCode: '0' });
  }
  // The right password: this attempt was not a failure.
  await giveBack(ctx.db, taken);
  if (!user.activatedAt) throw new AppError(AppErrorCode.Forbidden, '', { appCode: '-1', detail: 'The account is not active yet.' });
  if (user.blockedAt) throw new AppError(AppErrorCode.Forbidden, '', { appCode: '-2', detail: 'The person is blocked.' });

  // The attempts cleared, and the device seen, stay so when the device is blocked.
  const outcome = await ctx.db.transaction(async (tx): Promise<SignInOutcome | null> => {
    await clearAttempts(tx, account);
    if (secondFactorDue(user)) return { kind: 'waiting', body: await openChallenge(ctx, tx, user, origin) };
    const signedIn = await startSession(ctx, tx, user, origin);
    return signedIn ? { kind: 'signedIn', signedIn } : null;
  });
  if (!outcome) throw blockedDevice();
  return outcome;
}
