/**
 * User groups: administrators of the company (not personal ones, who have no Users) create,
 * change (name and members) and delete them. Names are unique in a company regardless of
 * case; every member must be a user of the company.
 */
import { eq } from 'drizzle-orm';
import type { GroupsRequest } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { administersCompany, type Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { groups } from '../../db/schema.js';

import { failureTexts } from '../../http/texts.js';
import { companyUsersAmong, findGroup, groupNameTaken } from './repository.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';

export type GroupOutcome = { kind: 'done' } | { kind: 'invalid'; message?: string } | { kind: 'duplicate' };

/** The most members a group holds. */
export const largestGroup = 1000;

export async function changeGroup(ctx: ServerContext, principal: Principal, data: GroupsRequest, origin: Origin): Promise<GroupOutcome> {
  if (!administersCompany(principal)) throw new AppError(AppErrorCode.Forbidden, failureTexts.forbidden);
  if (data.action === 'delete') {
    if (data.id === undefined) return { kind: 'invalid' };
    const id = data.id;
    return ctx.db.transaction(async (tx): Promise<GroupOutcome> => {
      const group = await findGroup(tx, principal.companyId, id);
      if (!group) return { kind: 'invalid' };
      await tx.delete(groups).where(eq(groups.id, group.id));
      await recordEvent(tx, { event: 'settings-saved', companyId: principal.companyId, actor: principal, target: `Group ${group.name}`, origin, details: { group: group.id, change: 'deleted' } });
      return { kind: 'done' };
    });
  }
  const name = (data.name ?? '').trim().replace(/\s+/g, ' ');
  if (!name || name.length > 100) return { kind: 'invalid' };
  const members = [...new Set(data.members ?? [])].sort((a, b) => a - b);
  if (members.length > largestGroup) return { kind: 'invalid', message: `A group holds at most ${largestGroup} people.` };
  try {
    return await ctx.db.transaction(async (tx): Promise<GroupOutcome> => {
      if ((await companyUsersAmong(tx, principal.companyId, members)) !== members.length) return { kind: 'invalid', message: 'Every member of a group must be a user of your company.' };
      if (data.id !== undefined) {
        const group = await findGroup(tx, principal.companyId, data.id);
        if (!group) return { kind: 'invalid' };
        if (await groupNameTaken(tx, principal.companyId, name, group.id)) return { kind: 'duplicate' };
        // Without `members` the members stay as they are.
        const change = data.members === undefined ? { name } : { name, members };
        await tx.update(groups).set(change).where(eq(groups.id, group.id));
        await recordEvent(tx, { event: 'settings-saved', companyId: principal.companyId, actor: principal, target: `Group ${name}`, origin, details: { group: group.id, change: 'changed', ...change } });
        return { kind: 'done' };
      }
      if (await groupNameTaken(tx, principal.companyId, name)) return { kind: 'duplicate' };
      const [created] = await tx.insert(groups).values({ companyId: principal.companyId, name, members }).returning({ id: groups.id });
      await recordEvent(tx, { event: 'settings-saved', companyId: principal.companyId, actor: principal, target: `Group ${name}`, origin, details: { group: created?.id, change: 'created', members } });
      return { kind: 'done' };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'duplicate' };
    throw error;
  }
}
