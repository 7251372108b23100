import { withSuccessCodeOf } from '../api-error.js';
import { manageFormProgressCodes, sendFormCodes } from '../generated/app-codes/workflow.js';
import type { CallOptions, Transport } from '../transport.js';
import type { FormProgress, FormProgressAction, FormProgressResult, SendFormRequest, SendFormResult, WorkflowPage, WorkflowQuery } from '../types.js';

export interface WorkflowApi {
  /** A page of forms in progress; with `disapprove`, `comment`, `account` and `id`, reviews one first. */
  list(query?: WorkflowQuery, options?: CallOptions): Promise<WorkflowPage>;
  /** Sends a form made from a template; rejects with the code's text unless the code is 1. */
  send(request: SendFormRequest, options?: CallOptions): Promise<SendFormResult>;
  /** Where a sent form is, recipient by recipient. */
  progress(id: number, options?: CallOptions): Promise<FormProgress>;
  /** Reminds a recipient or withdraws the form; rejects with the code's text unless the code is 1. */
  manage(action: FormProgressAction, options?: CallOptions): Promise<FormProgressResult>;
}

export function workflowApi({ api, send }: Transport): WorkflowApi {
  return {
    list: (query = {}, options) => send((init) => api.GET('/workflow', { ...init, params: { query } }), options),
    send: (request, options) =>
      withSuccessCodeOf(
        sendFormCodes,
        send((init) => api.POST('/send-form', { ...init, body: request }), options),
        { preferServerMessage: true },
      ),
    progress: (id, options) => send((init) => api.GET('/form-progress', { ...init, params: { query: { id } } }), options),
    manage: (action, options) =>
      withSuccessCodeOf(
        manageFormProgressCodes,
        send((init) => api.POST('/form-progress', { ...init, body: action }), options),
        { preferServerMessage: true },
      ),
  };
}
