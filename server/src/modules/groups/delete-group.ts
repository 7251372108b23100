/** Deleting a user group of the company. */
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { checkAdministers, groupInvalid } from './group-rules.js';
import { deleteGroup as deleteGroupRow, findGroup } from './repository.js';

export async function deleteGroup(ctx: Pick<ServerContext, 'db'>, principal: Principal, id: number | undefined, origin: Origin): Promise<void> {
  checkAdministers(principal);
  if (id === undefined) throw groupInvalid();
  await ctx.db.transaction(async (tx) => {
    const group = await findGroup(tx, principal.companyId, id);
    if (!group) throw groupInvalid();
    await deleteGroupRow(tx, group.id);
    await recordEvent(tx, {
      event: 'settings-saved',
      companyId: principal.companyId,
      actor: principal,
      target: `Group ${group.name}`,
      origin,
      details: { group: group.id, change: 'deleted' },
    });
  });
}
