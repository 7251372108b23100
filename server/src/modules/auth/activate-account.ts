/** Activating a registered account from the emailed link: once; again answers "already active" (-3). */
import type { CodeResult } from '@formsign/sdk/contract';
import { appCodes } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { activationMatches, parseActivationKey } from '../../auth/links.js';
import { displayNameOf } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { findUser, updateUser } from '../users/repository.js';

const unknownKey = (): AppError => new AppError(AppErrorCode.NotFound, appCodes.activate['-1'].text, { appCode: '-1' });

export async function activateAccount(ctx: Pick<ServerContext, 'db' | 'now' | 'keys'>, key: string, origin: Origin): Promise<CodeResult> {
  const parsed = parseActivationKey(key.trim());
  if (!parsed) throw unknownKey();
  return ctx.db.transaction(async (tx) => {
    const user = await findUser(tx, parsed.id);
    if (!user || !activationMatches(ctx.keys, user, parsed.mac)) throw unknownKey();
    if (user.activatedAt) throw new AppError(AppErrorCode.Conflict, appCodes.activate['-3'].text, { appCode: '-3' });
    await updateUser(tx, user.id, { activatedAt: ctx.now() });
    await recordEvent(tx, {
      event: 'activated',
      companyId: user.companyId,
      actor: { userId: user.id, name: displayNameOf(user) },
      target: user.name,
      origin,
    });
    return { code: 1, message: appCodes.activate['1'].text };
  });
}
