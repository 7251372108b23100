/** The user groups operation (`POST /get-groups { data }`): list, save (create or change) and delete. */
import { appCodes } from '@formsign/sdk/contract';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { changeGroup, type GroupOutcome } from './groups.js';
import { listGroups } from './repository.js';

function codeOf(outcome: GroupOutcome): { code: number; message: string } {
  switch (outcome.kind) {
    case 'done':
      return { code: 1, message: appCodes.manageGroups['1'].text };
    case 'invalid':
      return { code: -1, message: outcome.message ?? appCodes.manageGroups['-1'].text };
    case 'duplicate':
      return { code: -2, message: appCodes.manageGroups['-2'].text };
  }
}

export function groupsHandlers(ctx: ServerContext): Pick<Handlers, 'manageGroups'> {
  return {
    async manageGroups(request) {
      const { data } = request.body;
      const { principal } = request;
      const outcome: GroupOutcome = (data.action ?? 'list') === 'list' ? { kind: 'done' } : await changeGroup(ctx, principal, data, { ip: request.ip, userAgent: request.userAgent });
      // The groups as they are after the action (unchanged when the action was refused).
      return { ...codeOf(outcome), data: await listGroups(ctx.db, principal.companyId) };
    },
  };
}
