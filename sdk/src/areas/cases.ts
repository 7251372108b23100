import type { CallOptions, Transport } from '../transport.js';
import type { FileFormRequest, FormCase, PeopleList, Tenant, TenantInput, TenantList, TenantNoteInput } from '../types.js';

export interface CasesApi {
  tenants(options?: CallOptions): Promise<TenantList>;
  tenant(id: number, options?: CallOptions): Promise<Tenant>;
  people(options?: CallOptions): Promise<PeopleList>;
  /** Opens a case (no `id`) or changes one; answers the case. */
  save(input: TenantInput, options?: CallOptions): Promise<Tenant>;
  addNote(note: TenantNoteInput, options?: CallOptions): Promise<Tenant>;
  /** Files a form on a case, or takes it off (`tenant` null). */
  fileForm(request: FileFormRequest, options?: CallOptions): Promise<FormCase>;
}

export function casesApi({ api, send }: Transport): CasesApi {
  return {
    tenants: (options) => send((init) => api.POST('/get-tenants', init), options),
    tenant: (id, options) => send((init) => api.POST('/get-tenant', { ...init, body: { id } }), options),
    people: (options) => send((init) => api.POST('/get-people', init), options),
    save: (input, options) => send((init) => api.POST('/save-tenant', { ...init, body: input }), options),
    addNote: (note, options) => send((init) => api.POST('/add-tenant-note', { ...init, body: note }), options),
    fileForm: (request, options) => send((init) => api.POST('/file-form', { ...init, body: request }), options),
  };
}
