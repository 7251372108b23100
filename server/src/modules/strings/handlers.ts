/**
 * The interface strings (`POST /get-strings?cid=`): the languages a company offers and its
 * translations of the interface (`read-strings.ts`). Public: the signed-out pages read the
 * installation's own company's strings.
 */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { readStrings } from './read-strings.js';

export function stringsHandlers(ctx: Pick<ServerContext, 'db'>): Pick<Handlers, 'getStrings'> {
  return {
    getStrings: ({ query }) => readStrings(ctx, query.cid),
  };
}
