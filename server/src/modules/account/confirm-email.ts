/**
 * Confirming a new email address from the link mailed to it (`POST /confirm-email`): the one
 * way an address becomes an account's after it was created. The link's key is checked first
 * (the server made it), then that its change is the one waiting (the pending address and
 * the time it was asked), that it is at most a day old, and that no other account has the
 * address. The person's sessions go on: every request reads the person afresh, so they see
 * the new address at once, and each of them proved the password already.
 */
import type { CodeResult } from '@formsign/sdk/contract';
import { appCodes } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { displayNameOf } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { emailTakenByOther, lockUser, updateUser } from '../users/repository.js';
import { emailChangeLinkHours, readEmailChangeKey } from '../../auth/links.js';

type ConfirmCode = keyof (typeof appCodes)['confirmEmail'];

type ConfirmRefusal = Exclude<ConfirmCode, '1'>;

const errorCodes: Record<ConfirmRefusal, AppErrorCode> = {
  '-1': AppErrorCode.NotFound,
  '-2': AppErrorCode.Conflict,
  '-3': AppErrorCode.Conflict,
  '-4': AppErrorCode.Conflict,
  '-5': AppErrorCode.Expired,
};

const refused = (code: ConfirmRefusal): AppError => new AppError(errorCodes[code], appCodes.confirmEmail[code].text, { appCode: code });

export async function confirmEmail(ctx: Pick<ServerContext, 'db' | 'now' | 'keys'>, key: string, origin: Origin): Promise<CodeResult> {
  const change = readEmailChangeKey(ctx.keys, key.trim());
  if (!change) throw refused('-1');
  const now = ctx.now();
  const address = change.email.toLowerCase();
  try {
    return await ctx.db.transaction(async (tx) => {
      // Held until the end: the same link followed twice at once is confirmed once.
      const user = await lockUser(tx, change.userId);
      if (!user) throw refused('-1');
      const waiting =
        user.pendingEmail?.toLowerCase() === address &&
        user.pendingEmailAt !== null &&
        Math.floor(user.pendingEmailAt.getTime() / 1000) === change.timestamp;
      if (!waiting) throw refused(user.email.toLowerCase() === address ? '-3' : '-4');
      if (now.getTime() - change.timestamp * 1000 > emailChangeLinkHours * 60 * 60_000) throw refused('-5');
      if (await emailTakenByOther(tx, address, user.id)) throw refused('-2');
      await updateUser(tx, user.id, { email: user.pendingEmail ?? change.email, pendingEmail: null, pendingEmailAt: null });
      await recordEvent(tx, {
        event: 'email-changed',
        companyId: user.companyId,
        actor: { userId: user.id, name: displayNameOf(user) },
        target: user.name,
        origin,
        details: { from: user.email, to: user.pendingEmail },
      });
      return { code: 1, message: appCodes.confirmEmail['1'].text };
    });
  } catch (error) {
    // Another account took the address between the check and the change: the unique index decides.
    if (isUniqueViolation(error)) throw refused('-2');
    throw error;
  }
}
