/** The template categories operation (`POST /categories`): list, save (create or rename) and delete. */
import { appCodes, type CategoryList } from '@formsign/sdk/contract';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { changeCategory, type CategoryOutcome } from './categories.js';
import { listCategories } from './repository.js';

const codes: Record<CategoryOutcome, '1' | '-1' | '-2'> = { done: '1', invalid: '-1', duplicate: '-2' };

export function categoriesHandlers(ctx: ServerContext): Pick<Handlers, 'manageCategories'> {
  return {
    async manageCategories(request) {
      const action = request.body ?? {};
      const { principal } = request;
      const outcome = (action.action ?? 'list') === 'list' ? 'done' : await changeCategory(ctx, principal, action, { ip: request.ip, userAgent: request.userAgent });
      const code = codes[outcome];
      // The list as it is after the action (unchanged when the action was refused).
      const answer: CategoryList = { code: Number(code), message: appCodes.manageCategories[code].text, data: await listCategories(ctx.db, principal.companyId) };
      return answer;
    },
  };
}
