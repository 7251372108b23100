/** The company's template categories by name, each with how many of its templates use it. */
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { listCategories } from './repository.js';

export async function listCompanyCategories(
  ctx: Pick<ServerContext, 'db'>,
  principal: Principal,
): Promise<{ id: number; name: string; templates: number }[]> {
  return listCategories(ctx.db, principal.companyId);
}
