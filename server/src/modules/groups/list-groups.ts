/** The company's user groups by name, with their members who are still users of the company. */
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { listGroups } from './repository.js';

export async function listCompanyGroups(
  ctx: Pick<ServerContext, 'db'>,
  principal: Principal,
): Promise<{ id: number; name: string; members: number[] }[]> {
  return listGroups(ctx.db, principal.companyId);
}
