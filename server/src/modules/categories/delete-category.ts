/** Deleting a template category: its templates are left without one (the database sets it to none). */
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { categoryInvalid, checkAdministrator } from './category-rules.js';
import { deleteCategory as deleteCategoryRow, findCategory } from './repository.js';

export async function deleteCategory(ctx: Pick<ServerContext, 'db'>, principal: Principal, id: number | undefined, origin: Origin): Promise<void> {
  checkAdministrator(principal);
  if (id === undefined) throw categoryInvalid();
  await ctx.db.transaction(async (tx) => {
    const category = await findCategory(tx, principal.companyId, id);
    if (!category) throw categoryInvalid();
    await deleteCategoryRow(tx, category.id);
    await recordEvent(tx, {
      event: 'settings-saved',
      companyId: principal.companyId,
      actor: principal,
      target: `Category ${category.name}`,
      origin,
      details: { category: category.id, change: 'deleted' },
    });
  });
}
