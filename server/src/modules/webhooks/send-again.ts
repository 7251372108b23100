/**
 * Sending an event to a subscription again (administrators): the event (same id) is queued
 * again, in its place among its form's events waiting (the older first), and its day of attempts starts again. The
 * answer says so at once; the log shows the attempt once it is made.
 */
import type { WebhookDelivery, WebhookMessage, WebhookSendAgainRequest } from '@formsign/sdk/contract';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { findSubscription, findWebhookDelivery, updateDelivery, type WebhookDeliveryRecord } from './repository.js';
import { unknownSubscription } from './subscription-rules.js';
import { webhookEventTypes } from './webhook-events.js';

export function webhookDeliveryView(row: WebhookDeliveryRecord): WebhookDelivery {
  return {
    id: row.id,
    event: webhookEventTypes.find((event) => event === row.event) ?? 'form.completed',
    event_id: row.eventId,
    form_id: row.formId,
    reference: row.reference,
    status: row.status,
    attempts: row.attempts,
    at: row.at.toISOString(),
    response_code: row.responseCode,
    response_excerpt: row.responseExcerpt,
    detail: row.detail,
  };
}

export async function sendWebhookAgain(
  ctx: Pick<ServerContext, 'db' | 'jobs' | 'now'>,
  principal: Principal,
  request: WebhookSendAgainRequest,
): Promise<WebhookMessage> {
  const subscription = await findSubscription(ctx.db, principal.companyId, request.subscription);
  if (!subscription) throw badRequest(unknownSubscription);
  const delivery = await findWebhookDelivery(ctx.db, subscription.id, request.delivery);
  if (!delivery) throw badRequest('This delivery does not exist.');
  if (delivery.status === 'pending') throw badRequest('This event is waiting to be sent: there is nothing to send again yet.');
  await ctx.db.transaction(async (tx) => {
    await updateDelivery(tx, delivery.id, { status: 'pending', queuedAt: ctx.now(), detail: 'Queued to be sent again.' });
    await ctx.jobs.enqueue('deliver-webhooks', { subscription: subscription.id, key: delivery.orderKey }, { tx });
  });
  const of = delivery.reference ? ` of ${delivery.reference}` : '';
  return {
    message: subscription.pausedAt
      ? `${delivery.event}${of} is queued to be sent again once the subscription is resumed.`
      : `${delivery.event}${of} is queued to be sent again.`,
  };
}
