/**
 * Setting a new password from a reset (or invitation) link. It ends every session of the
 * account and cancels a change of email address under way; the link then answers -3, and -5
 * once expired; a link the server did not make for this account, -6.
 */
import type { CodeResult, SetNewPasswordRequest } from '@formsign/sdk/contract';
import { appCodes } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { passwordLinkMatches, passwordLinkSeconds } from '../../auth/links.js';
import { displayNameOf } from '../../auth/principal.js';
import { endSessionsOf } from '../../auth/session-repository.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { findUser, replacePassword } from '../users/repository.js';
import { minimumPasswordLength } from './password-reset.js';
import { msg } from '#words';

const passwordTexts = {
  tooShort: msg({ message: 'Your password must be at least {length} characters long.' }),
};

const notThisAccount = (): AppError => new AppError(AppErrorCode.InvalidInput, '', { appCode: '-6', detail: 'The link does not match an account.' });
const usedAlready = (): AppError =>
  new AppError(AppErrorCode.Conflict, '', { appCode: '-3', detail: 'The password changed since the link was made.' });

export async function setNewPassword(
  ctx: Pick<ServerContext, 'db' | 'now' | 'keys' | 'passwords'>,
  request: SetNewPasswordRequest,
  origin: Origin,
): Promise<CodeResult> {
  const now = ctx.now();
  const userId = Number(request.userId);
  const timestamp = Number(request.timestamp);
  if (!Number.isInteger(userId) || userId < 1 || !Number.isInteger(timestamp)) throw notThisAccount();
  if (request.password.length < minimumPasswordLength) {
    throw new AppError(AppErrorCode.InvalidInput, passwordTexts.tooShort, { values: { length: minimumPasswordLength }, appCode: '-1' });
  }

  const user = await findUser(ctx.db, userId);
  if (!user) throw notThisAccount();
  const age = now.getTime() / 1000 - timestamp;
  if (age < -300) throw notThisAccount();
  if (!passwordLinkMatches(ctx.keys, user, timestamp, request.hashedPassword)) {
    // The password changed since the link was made: this link (or a later one) was used.
    const changed = user.passwordChangedAt ? user.passwordChangedAt.getTime() / 1000 : null;
    throw changed !== null && changed >= timestamp ? usedAlready() : notThisAccount();
  }
  if (age > passwordLinkSeconds(user)) throw new AppError(AppErrorCode.Expired, '', { appCode: '-5' });
  // Hashed before the transaction, which then only writes if the password is still the one
  // the link was made for (two uses of one link at once: the second finds it changed).
  const passwordHash = await ctx.passwords.hash(request.password);
  const invited = !user.passwordHash;
  return ctx.db.transaction(async (tx) => {
    const change = { passwordHash, passwordChangedAt: now, activatedAt: user.activatedAt ?? now, pendingEmail: null, pendingEmailAt: null };
    if (!(await replacePassword(tx, user.id, user.passwordHash, change))) throw usedAlready();
    await endSessionsOf(tx, user.id, now);
    await recordEvent(tx, {
      event: 'password-changed',
      companyId: user.companyId,
      actor: { userId: user.id, name: displayNameOf(user) },
      target: user.name,
      origin,
      details: { invitation: invited },
    });
    return { code: 1, message: appCodes.setNewPassword['1'].text };
  });
}
