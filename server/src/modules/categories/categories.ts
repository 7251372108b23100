/**
 * Template categories: administrators create, rename and delete them; everyone sees them
 * with the number of templates in each. Names are unique in a company regardless of case.
 * Deleting a category leaves its templates without one (the database sets it to none).
 */
import { eq } from 'drizzle-orm';
import type { CategoryAction } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { categories } from '../../db/schema.js';

import { failureTexts } from '../../http/texts.js';
import { findCategory, nameTaken } from './repository.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';

export type CategoryOutcome = 'done' | 'invalid' | 'duplicate';

export async function changeCategory(ctx: ServerContext, principal: Principal, action: CategoryAction, origin: Origin): Promise<CategoryOutcome> {
  if (!principal.admin) throw new AppError(AppErrorCode.Forbidden, failureTexts.forbidden);
  if (action.action === 'delete') {
    if (action.id === undefined) return 'invalid';
    const id = action.id;
    return ctx.db.transaction(async (tx) => {
      const category = await findCategory(tx, principal.companyId, id);
      if (!category) return 'invalid';
      await tx.delete(categories).where(eq(categories.id, category.id));
      await recordEvent(tx, { event: 'settings-saved', companyId: principal.companyId, actor: principal, target: `Category ${category.name}`, origin, details: { category: category.id, change: 'deleted' } });
      return 'done';
    });
  }
  const name = (action.name ?? '').trim().replace(/\s+/g, ' ');
  if (!name || name.length > 100) return 'invalid';
  try {
    return await ctx.db.transaction(async (tx): Promise<CategoryOutcome> => {
      if (action.id !== undefined) {
        const category = await findCategory(tx, principal.companyId, action.id);
        if (!category) return 'invalid';
        if (await nameTaken(tx, principal.companyId, name, category.id)) return 'duplicate';
        await tx.update(categories).set({ name }).where(eq(categories.id, category.id));
        await recordEvent(tx, { event: 'settings-saved', companyId: principal.companyId, actor: principal, target: `Category ${name}`, origin, details: { category: category.id, change: 'renamed', from: category.name } });
        return 'done';
      }
      if (await nameTaken(tx, principal.companyId, name)) return 'duplicate';
      const [created] = await tx.insert(categories).values({ companyId: principal.companyId, name }).returning({ id: categories.id });
      await recordEvent(tx, { event: 'settings-saved', companyId: principal.companyId, actor: principal, target: `Category ${name}`, origin, details: { category: created?.id, change: 'created' } });
      return 'done';
    });
  } catch (error) {
    // Two saves of one name at once: the unique index refuses the second.
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}
