import type { CallOptions, Transport } from '../transport.js';
import type { LogPage, LogsQuery } from '../types.js';

export interface LogsApi {
  /** Action records, or the system log with `filters: { source: 'system' }`. */
  list(query?: LogsQuery, options?: CallOptions): Promise<LogPage>;
}

export function logsApi({ api, send }: Transport): LogsApi {
  return {
    list: (query = {}, options) => send((init) => api.GET('/fetch-logs', { ...init, params: { query } }), options),
  };
}
