/**
 * The user groups operation (`POST /get-groups { data }`): list, save (create or change) and
 * delete. Every answer carries the groups as they are after the action, a refused one's too
 * (`groupsRefusalBodies`).
 */
import { appCodes } from '@formsign/sdk/contract';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import type { RefusalBodies } from '../../http/errors.js';
import { deleteGroup } from './delete-group.js';
import { listCompanyGroups } from './list-groups.js';
import { saveGroup } from './save-group.js';

export function groupsHandlers(ctx: Pick<ServerContext, 'db'>): Pick<Handlers, 'manageGroups'> {
  return {
    async manageGroups(request) {
      const { data } = request.body;
      const { principal } = request;
      const origin = { ip: request.ip, userAgent: request.userAgent };
      const action = data.action ?? 'list';
      if (action === 'delete') await deleteGroup(ctx, principal, data.id, origin);
      else if (action !== 'list') await saveGroup(ctx, principal, data, origin);
      return { code: 1, message: appCodes.manageGroups['1'].text, data: await listCompanyGroups(ctx, principal) };
    },
  };
}

/** A refused action answers the groups unchanged, with its code and why. */
export function groupsRefusalBodies(ctx: Pick<ServerContext, 'db'>): Pick<RefusalBodies, 'manageGroups'> {
  return {
    manageGroups: async (refusal, request) => ({ ...refusal, data: await listCompanyGroups(ctx, request.principal) }),
  };
}
