/**
 * The interface strings (`POST /get-strings?cid=`): the languages a company offers and its
 * translations of the interface (`read-strings.ts`). Public: the signed-out pages read the
 * installation's own company's strings. An administrator changes the company's wording
 * (`save-strings.ts`).
 */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { readStrings } from './read-strings.js';
import { saveStrings } from './save-strings.js';

export function stringsHandlers(ctx: Pick<ServerContext, 'db'>): Pick<Handlers, 'getStrings' | 'saveStrings'> {
  return {
    getStrings: ({ query }) => readStrings(ctx, query.cid),
    async saveStrings({ principal, body, ip, userAgent }) {
      await saveStrings(ctx, principal, body, { ip, userAgent });
      return readStrings(ctx, principal.companyId);
    },
  };
}
