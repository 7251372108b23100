import type { CallOptions, Transport } from '../transport.js';
import type { PrepopulationQuery, PrepopulationResponse } from '../types.js';

export interface PrepopulationApi {
  /** The sources; with `id` one source; with `id` and `oid` one record (limited to `refs`). */
  fetch(query?: PrepopulationQuery, options?: CallOptions): Promise<PrepopulationResponse>;
}

export function prepopulationApi({ api, send }: Transport): PrepopulationApi {
  return {
    fetch: (query = {}, options) => send((init) => api.GET('/fetch-prepopulation', { ...init, params: { query } }), options),
  };
}
