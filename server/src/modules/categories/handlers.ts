/**
 * The template categories operation (`POST /categories`): list, save (create or rename) and
 * delete. Every answer carries the list as it is after the action, a refused one's too
 * (`categoriesRefusalBodies`).
 */
import { appCodes } from '@formsign/sdk/contract';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import type { RefusalBodies } from '../../http/errors.js';
import { deleteCategory } from './delete-category.js';
import { listCompanyCategories } from './list-categories.js';
import { saveCategory } from './save-category.js';

export function categoriesHandlers(ctx: Pick<ServerContext, 'db'>): Pick<Handlers, 'manageCategories'> {
  return {
    async manageCategories(request) {
      const action = request.body ?? {};
      const { principal } = request;
      const origin = { ip: request.ip, userAgent: request.userAgent };
      const kind = action.action ?? 'list';
      if (kind === 'delete') await deleteCategory(ctx, principal, action.id, origin);
      else if (kind !== 'list') await saveCategory(ctx, principal, action, origin);
      return { code: 1, message: appCodes.manageCategories['1'].text, data: await listCompanyCategories(ctx, principal) };
    },
  };
}

/** A refused action answers the list unchanged, with its code and why. */
export function categoriesRefusalBodies(ctx: Pick<ServerContext, 'db'>): Pick<RefusalBodies, 'manageCategories'> {
  return {
    manageCategories: async (refusal, request) => ({ ...refusal, data: await listCompanyCategories(ctx, request.principal) }),
  };
}
