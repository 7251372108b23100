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
import { unknownSubscription, webhookTexts } from './subscription-rules.js';
import { webhookEventTypes } from './webhook-events.js';
import { say, sayText, type Language } from '../../i18n/i18n.js';

export function webhookDeliveryView(row: WebhookDeliveryRecord, language: Language = 'en'): WebhookDelivery {
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
    detail: sayText(language, row.detail),
  };
}

export async function sendWebhookAgain(
  ctx: Pick<ServerContext, 'db' | 'jobs' | 'now'>,
  principal: Principal,
  request: WebhookSendAgainRequest,
  language: Language = 'en',
): Promise<WebhookMessage> {
  const subscription = await findSubscription(ctx.db, principal.companyId, request.subscription);
  if (!subscription) throw badRequest(unknownSubscription);
  const delivery = await findWebhookDelivery(ctx.db, subscription.id, request.delivery);
  if (!delivery) throw badRequest(webhookTexts.noDelivery);
  if (delivery.status === 'pending') throw badRequest(webhookTexts.pending);
  await ctx.db.transaction(async (tx) => {
    await updateDelivery(tx, delivery.id, { status: 'pending', queuedAt: ctx.now(), detail: say('en', webhookTexts.queuedDetail) });
    await ctx.jobs.enqueue('deliver-webhooks', { subscription: subscription.id, key: delivery.orderKey }, { tx });
  });
  const words = delivery.reference
    ? subscription.pausedAt
      ? webhookTexts.queuedOfOnResume
      : webhookTexts.queuedOf
    : subscription.pausedAt
      ? webhookTexts.queuedOnResume
      : webhookTexts.queued;
  return { message: say(language, words, { event: delivery.event, reference: delivery.reference }) };
}
