import type { CallOptions, Transport } from '../transport.js';
import type {
  DeliveryPage,
  DeliveryQueued,
  Integration,
  IntegrationCredentials,
  IntegrationDeliveriesQuery,
  IntegrationResponse,
  IntegrationsQuery,
} from '../types.js';

export interface IntegrationsApi {
  /** `action`: list, fields, save or delete an integration. */
  manage(query?: IntegrationsQuery, options?: CallOptions): Promise<IntegrationResponse>;
  /** Saves an SFTP integration's sign-in; the answer says what is kept, never the password or key. */
  setCredentials(credentials: IntegrationCredentials, options?: CallOptions): Promise<Integration>;
  /** A page of an integration's deliveries, newest first. */
  deliveries(query: IntegrationDeliveriesQuery, options?: CallOptions): Promise<DeliveryPage>;
  /** Queues the form of a failed delivery to be delivered again; answers that it is queued (the attempt comes later). */
  sendAgain(sid: number, delivery: number, options?: CallOptions): Promise<DeliveryQueued>;
}

export function integrationsApi({ api, send }: Transport): IntegrationsApi {
  return {
    manage: (query = {}, options) => send((init) => api.GET('/fetch-integratedforms', { ...init, params: { query } }), options),
    setCredentials: (credentials, options) => send((init) => api.POST('/integration-credentials', { ...init, body: credentials }), options),
    deliveries: (query, options) => send((init) => api.GET('/integration-deliveries', { ...init, params: { query } }), options),
    sendAgain: (sid, delivery, options) => send((init) => api.POST('/integration-deliveries', { ...init, body: { sid, delivery } }), options),
  };
}
