import type { CallOptions, Transport } from '../transport.js';
import type { PeopleList, Tenant, TenantList } from '../types.js';

export interface CasesApi {
  tenants(options?: CallOptions): Promise<TenantList>;
  tenant(id: number, options?: CallOptions): Promise<Tenant>;
  people(options?: CallOptions): Promise<PeopleList>;
}

export function casesApi({ api, send }: Transport): CasesApi {
  return {
    tenants: (options) => send((init) => api.POST('/get-tenants', init), options),
    tenant: (id, options) => send((init) => api.POST('/get-tenant', { ...init, body: { id } }), options),
    people: (options) => send((init) => api.POST('/get-people', init), options),
  };
}
