/** Deleting a user of the company: never oneself, nor the company's last administrator who can log in. */
import type { UserCommand } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { AppErrorCode } from '../../errors/app-error.js';
import { deleteUser as deleteUserRow } from './repository.js';
import { commandRefused, commandTarget, lastAdministrator, leavesNoAdministrator } from './user-rules.js';
import { msg } from '#words';

export async function deleteUser(ctx: Pick<ServerContext, 'db'>, actor: Principal, command: UserCommand, origin: Origin): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const user = await commandTarget(tx, actor, command);
    if (user.id === actor.userId) throw commandRefused(msg({ message: 'You cannot delete yourself.' }), AppErrorCode.Forbidden);
    if (await leavesNoAdministrator(tx, user, { role: 'basic' })) throw commandRefused(lastAdministrator, AppErrorCode.Conflict);
    await deleteUserRow(tx, user.id);
    await recordEvent(tx, { event: 'user-deleted', companyId: actor.companyId, actor, target: user.email, origin });
  });
}
