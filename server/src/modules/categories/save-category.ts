/** Creating a template category, or renaming one. */
import { contractLimits, type CategoryAction } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { categoryInvalid, categoryNameIsTaken, checkAdministrator } from './category-rules.js';
import { findCategory, insertCategory, nameTaken, renameCategory } from './repository.js';

export async function saveCategory(ctx: Pick<ServerContext, 'db'>, principal: Principal, action: CategoryAction, origin: Origin): Promise<void> {
  checkAdministrator(principal);
  const name = (action.name ?? '').trim().replace(/\s+/g, ' ');
  if (!name || name.length > contractLimits['CategoryAction.name'].maxLength) throw categoryInvalid();
  try {
    await ctx.db.transaction(async (tx) => {
      if (action.id !== undefined) {
        const category = await findCategory(tx, principal.companyId, action.id);
        if (!category) throw categoryInvalid();
        if (await nameTaken(tx, principal.companyId, name, category.id)) throw categoryNameIsTaken();
        await renameCategory(tx, category.id, name);
        await recordEvent(tx, {
          event: 'settings-saved',
          companyId: principal.companyId,
          actor: principal,
          target: `Category ${name}`,
          origin,
          details: { category: category.id, change: 'renamed', from: category.name },
        });
        return;
      }
      if (await nameTaken(tx, principal.companyId, name)) throw categoryNameIsTaken();
      const id = await insertCategory(tx, { companyId: principal.companyId, name });
      await recordEvent(tx, {
        event: 'settings-saved',
        companyId: principal.companyId,
        actor: principal,
        target: `Category ${name}`,
        origin,
        details: { category: id, change: 'created' },
      });
    });
  } catch (error) {
    // Two saves of one name at once: the unique index refuses the second.
    if (isUniqueViolation(error)) throw categoryNameIsTaken();
    throw error;
  }
}
