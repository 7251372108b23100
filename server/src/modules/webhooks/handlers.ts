/**
 * Webhooks (administrators): the organisation's subscriptions (`/webhook-subscriptions`), rolling
 * a secret (`/webhook-subscription-secret`), and a subscription's delivery log with "send again"
 * (`/webhook-deliveries`).
 */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { pageOf } from '../../db/list-filters.js';
import { badRequest } from '../../http/errors.js';
import { changeSubscription } from './change-subscription.js';
import { createSubscription } from './create-subscription.js';
import { removeSubscription } from './remove-subscription.js';
import { findSubscription, listSubscriptions, listWebhookDeliveries } from './repository.js';
import { rollSecret } from './roll-secret.js';
import { sendWebhookAgain, webhookDeliveryView } from './send-again.js';
import { subscriptionView, unknownSubscription } from './subscription-rules.js';

type WebhooksHandlers = Pick<
  Handlers,
  | 'listWebhookSubscriptions'
  | 'createWebhookSubscription'
  | 'updateWebhookSubscription'
  | 'deleteWebhookSubscription'
  | 'rollWebhookSecret'
  | 'listWebhookDeliveries'
  | 'sendWebhookAgain'
>;

export function webhooksHandlers(ctx: Pick<ServerContext, 'db' | 'keys' | 'outbound' | 'jobs' | 'now' | 'config'>): WebhooksHandlers {
  return {
    async listWebhookSubscriptions({ principal }) {
      return { data: (await listSubscriptions(ctx.db, principal.companyId)).map(subscriptionView) };
    },
    async createWebhookSubscription({ body, principal, ip, userAgent }) {
      return createSubscription(ctx, principal, body, { ip, userAgent });
    },
    async updateWebhookSubscription({ body, principal, ip, userAgent }) {
      return changeSubscription(ctx, principal, body, { ip, userAgent });
    },
    async deleteWebhookSubscription({ query, principal, ip, userAgent, language }) {
      return removeSubscription(ctx, principal, query.id, { ip, userAgent }, language);
    },
    async rollWebhookSecret({ body, principal, ip, userAgent }) {
      return rollSecret(ctx, principal, body.id, { ip, userAgent });
    },
    async listWebhookDeliveries({ query, principal, language }) {
      const subscription = await findSubscription(ctx.db, principal.companyId, query.subscription);
      if (!subscription) throw badRequest(unknownSubscription);
      const page = pageOf(query, ctx.config.listCountCap);
      const { rows, total } = await listWebhookDeliveries(ctx.db, subscription.id, page);
      return { page: page.page, limit: page.limit, ...total, data: rows.map((row) => webhookDeliveryView(row, language)) };
    },
    async sendWebhookAgain({ body, principal, language }) {
      return sendWebhookAgain(ctx, principal, body, language);
    },
  };
}
