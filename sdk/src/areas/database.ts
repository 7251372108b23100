import type { CallOptions, Transport } from '../transport.js';
import type { DatabasePage, DatabaseQuery, ListFilters } from '../types.js';

export interface DatabaseApi {
  forms(query?: DatabaseQuery, options?: CallOptions): Promise<DatabasePage>;
  /** The matching submissions as CSV text. */
  export(filters?: ListFilters, options?: CallOptions): Promise<string>;
}

export function databaseApi({ api, send }: Transport): DatabaseApi {
  return {
    forms: (query = {}, options) => send((init) => api.GET('/database-forms', { ...init, params: { query } }), options),
    export: (filters, options) =>
      send((init) => api.GET('/get-exports', { ...init, params: { query: filters ? { filters } : {} }, parseAs: 'text' }), options),
  };
}
