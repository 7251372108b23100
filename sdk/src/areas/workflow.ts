import type { CallOptions, Transport } from '../transport.js';
import type { WorkflowPage, WorkflowQuery } from '../types.js';

export interface WorkflowApi {
  /** A page of forms in progress; with `disapprove`, `comment`, `account` and `id`, reviews one first. */
  list(query?: WorkflowQuery, options?: CallOptions): Promise<WorkflowPage>;
}

export function workflowApi({ api, send }: Transport): WorkflowApi {
  return {
    list: (query = {}, options) => send((init) => api.GET('/workflow', { ...init, params: { query } }), options),
  };
}
