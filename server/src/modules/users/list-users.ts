/** The company's people, a page at a time: searched by name and email, filtered by status, sorted. */
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import type { ListTotal } from '../../db/list-filters.js';
import { listUsers, type UserQuery, type UserRecord } from './repository.js';

export async function listCompanyUsers(
  ctx: Pick<ServerContext, 'db'>,
  principal: Principal,
  query: UserQuery,
): Promise<ListTotal & { rows: UserRecord[] }> {
  return listUsers(ctx.db, principal.companyId, query);
}
