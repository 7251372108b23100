import type { CallOptions, Transport } from '../transport.js';
import type {
  DeliveryPage,
  DeliveryQueued,
  Integration,
  IntegrationCredentials,
  IntegrationDeliveriesQuery,
  IntegrationResponse,
  IntegrationsQuery,
  WebhookDeliveriesQuery,
  WebhookDeliveryPage,
  WebhookMessage,
  WebhookSecret,
  WebhookSubscription,
  WebhookSubscriptionChange,
  WebhookSubscriptionCreated,
  WebhookSubscriptionInput,
  WebhookSubscriptionList,
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
  /** The organisation's webhook subscriptions. */
  webhooks(options?: CallOptions): Promise<WebhookSubscriptionList>;
  /** Subscribes an address to events; the answer holds the secret, this once. */
  subscribe(input: WebhookSubscriptionInput, options?: CallOptions): Promise<WebhookSubscriptionCreated>;
  /** Changes, pauses (`paused: true`) or resumes (`paused: false`) a subscription. */
  changeWebhook(change: WebhookSubscriptionChange, options?: CallOptions): Promise<WebhookSubscription>;
  removeWebhook(id: number, options?: CallOptions): Promise<WebhookMessage>;
  /** A new secret for the subscription, answered this once. */
  rollWebhookSecret(id: number, options?: CallOptions): Promise<WebhookSecret>;
  /** A page of a subscription's delivery log, newest first. */
  webhookDeliveries(query: WebhookDeliveriesQuery, options?: CallOptions): Promise<WebhookDeliveryPage>;
  /** Queues an event to be sent to the subscription again (same id); answers that it is queued. */
  sendWebhookAgain(subscription: number, delivery: number, options?: CallOptions): Promise<WebhookMessage>;
}

export function integrationsApi({ api, send }: Transport): IntegrationsApi {
  return {
    manage: (query = {}, options) => send((init) => api.GET('/fetch-integratedforms', { ...init, params: { query } }), options),
    setCredentials: (credentials, options) => send((init) => api.POST('/integration-credentials', { ...init, body: credentials }), options),
    deliveries: (query, options) => send((init) => api.GET('/integration-deliveries', { ...init, params: { query } }), options),
    sendAgain: (sid, delivery, options) => send((init) => api.POST('/integration-deliveries', { ...init, body: { sid, delivery } }), options),
    webhooks: (options) => send((init) => api.GET('/webhook-subscriptions', init), options),
    subscribe: (input, options) => send((init) => api.POST('/webhook-subscriptions', { ...init, body: input }), options),
    changeWebhook: (change, options) => send((init) => api.PUT('/webhook-subscriptions', { ...init, body: change }), options),
    removeWebhook: (id, options) => send((init) => api.DELETE('/webhook-subscriptions', { ...init, params: { query: { id } } }), options),
    rollWebhookSecret: (id, options) => send((init) => api.POST('/webhook-subscription-secret', { ...init, body: { id } }), options),
    webhookDeliveries: (query, options) => send((init) => api.GET('/webhook-deliveries', { ...init, params: { query } }), options),
    sendWebhookAgain: (subscription, delivery, options) =>
      send((init) => api.POST('/webhook-deliveries', { ...init, body: { subscription, delivery } }), options),
  };
}
