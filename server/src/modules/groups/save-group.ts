/** Creating a user group, or changing one's name and members (without `members` they stay as they are). */
import { contractLimits, type GroupsRequest } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { checkAdministers, groupInvalid, groupNameIsTaken, largestGroup } from './group-rules.js';
import { companyUsersAmong, findGroup, groupNameTaken, insertGroup, updateGroup } from './repository.js';
import { msg, filled } from '#words';

export async function saveGroup(ctx: Pick<ServerContext, 'db'>, principal: Principal, data: GroupsRequest, origin: Origin): Promise<void> {
  checkAdministers(principal);
  const name = (data.name ?? '').trim().replace(/\s+/g, ' ');
  if (!name || name.length > contractLimits['GroupsRequest.data.name'].maxLength) throw groupInvalid();
  const members = [...new Set(data.members ?? [])].sort((a, b) => a - b);
  if (members.length > largestGroup) throw groupInvalid(filled(msg({ message: 'A group holds at most {most} people.' }), { most: largestGroup }));
  try {
    await ctx.db.transaction(async (tx) => {
      if ((await companyUsersAmong(tx, principal.companyId, members)) !== members.length)
        throw groupInvalid(msg({ message: 'Every member of a group must be a user of your company.' }));
      if (data.id !== undefined) {
        const group = await findGroup(tx, principal.companyId, data.id);
        if (!group) throw groupInvalid();
        if (await groupNameTaken(tx, principal.companyId, name, group.id)) throw groupNameIsTaken();
        const change = data.members === undefined ? { name } : { name, members };
        await updateGroup(tx, group.id, change);
        await recordEvent(tx, {
          event: 'settings-saved',
          companyId: principal.companyId,
          actor: principal,
          target: `Group ${name}`,
          origin,
          details: { group: group.id, change: 'changed', ...change },
        });
        return;
      }
      if (await groupNameTaken(tx, principal.companyId, name)) throw groupNameIsTaken();
      const id = await insertGroup(tx, { companyId: principal.companyId, name, members });
      await recordEvent(tx, {
        event: 'settings-saved',
        companyId: principal.companyId,
        actor: principal,
        target: `Group ${name}`,
        origin,
        details: { group: id, change: 'created', members },
      });
    });
  } catch (error) {
    // Two saves of one name at once: the unique index refuses the second.
    if (isUniqueViolation(error)) throw groupNameIsTaken();
    throw error;
  }
}
