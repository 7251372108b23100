/** Pre-population (`/fetch-prepopulation`): the company's data sources, one source, or one record's values. */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { fetchPrepopulation } from './fetch-prepopulation.js';

export function prepopulationHandlers(ctx: Pick<ServerContext, 'db'>): Pick<Handlers, 'fetchPrepopulation'> {
  return {
    fetchPrepopulation: ({ query, principal }) => fetchPrepopulation(ctx.db, principal, query),
  };
}
