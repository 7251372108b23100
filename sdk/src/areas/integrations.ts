import type { CallOptions, Transport } from '../transport.js';
import type { IntegrationResponse, IntegrationsQuery } from '../types.js';

export interface IntegrationsApi {
  /** `action`: list, fields, save or delete an integration. */
  manage(query?: IntegrationsQuery, options?: CallOptions): Promise<IntegrationResponse>;
}

export function integrationsApi({ api, send }: Transport): IntegrationsApi {
  return {
    manage: (query = {}, options) => send((init) => api.GET('/fetch-integratedforms', { ...init, params: { query } }), options),
  };
}
