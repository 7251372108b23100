import type { CallOptions, Transport } from '../transport.js';
import type {
  CompletedFormPage,
  CompletedFormsQuery,
  FormAuditQuery,
  FormAuditResponse,
  ListFilters,
  PendingFormPage,
  PendingFormsQuery,
  SupportingDocumentPage,
  SupportingDocumentsQuery,
} from '../types.js';

export interface FormsApi {
  /** A page of completed forms; `filters` travel as `filters[search]=...`. */
  completed(query?: CompletedFormsQuery, options?: CallOptions): Promise<CompletedFormPage>;
  /** A page of forms waiting for the user; with `disapprove` and `comment`, sends one back first. */
  pending(query?: PendingFormsQuery, options?: CallOptions): Promise<PendingFormPage>;
  supporting(query?: SupportingDocumentsQuery, options?: CallOptions): Promise<SupportingDocumentPage>;
  audit(query?: FormAuditQuery, options?: CallOptions): Promise<FormAuditResponse>;
  /** The audit events matching the filters (one form's trail, a period), every one, as a CSV or PDF file. */
  exportAudit(format: 'csv' | 'pdf', filters?: ListFilters, options?: CallOptions): Promise<Blob>;
}

export function formsApi({ api, send }: Transport): FormsApi {
  return {
    completed: (query = {}, options) => send((init) => api.GET('/completed-forms', { ...init, params: { query } }), options),
    pending: (query = {}, options) => send((init) => api.GET('/pending-form', { ...init, params: { query } }), options),
    supporting: (query = {}, options) => send((init) => api.GET('/get-alldocuments', { ...init, params: { query } }), options),
    audit: (query = {}, options) => send((init) => api.GET('/fetch-formaudit', { ...init, params: { query } }), options),
    exportAudit: (format, filters, options) =>
      send(
        (init) => api.GET('/formaudit-export', { ...init, params: { query: { format, ...(filters ? { filters } : {}) } }, parseAs: 'blob' }),
        options,
      ),
  };
}
