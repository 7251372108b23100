/**
 * Changing a subscription (administrators): its address, events or description, pausing it, or
 * resuming it. A resumed subscription counts its failures from nought and sends, in order, the
 * events that waited while it was paused.
 */
import type { WebhookSubscription, WebhookSubscriptionChange } from '@formsign/sdk/contract';
import type { Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { findSubscription, pendingKeys, updateSubscription } from './repository.js';
import { checkedAddress, recordSubscriptionChange, subscriptionView, unknownSubscription, webhookTexts } from './subscription-rules.js';

export async function changeSubscription(
  ctx: Pick<ServerContext, 'db' | 'outbound' | 'jobs' | 'now'>,
  principal: Principal,
  change: WebhookSubscriptionChange,
  origin: Origin,
): Promise<WebhookSubscription> {
  const current = await findSubscription(ctx.db, principal.companyId, change.id);
  if (!current) throw badRequest(unknownSubscription);
  if (change.events && change.events.length === 0) throw badRequest(webhookTexts.noEvents);
  const url = change.url === undefined ? current.url : await checkedAddress(ctx, change.url);
  const resumed = change.paused === false && current.pausedAt !== null;
  const paused = change.paused === true && current.pausedAt === null;
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await updateSubscription(tx, current.id, {
      url,
      ...(change.events ? { events: [...new Set(change.events)] } : {}),
      ...(change.description === undefined ? {} : { description: change.description.trim() }),
      ...(paused ? { pausedAt: ctx.now(), pausedReason: `Paused by ${principal.displayName}.` } : {}),
      ...(resumed ? { pausedAt: null, pausedReason: null, failures: 0, failingSince: null } : {}),
    });
    if (!saved) throw badRequest(unknownSubscription);
    await recordSubscriptionChange(tx, principal, saved, paused ? 'paused' : resumed ? 'resumed' : 'changed', origin);
    if (resumed)
      for (const { key } of await pendingKeys(tx, saved.id)) await ctx.jobs.enqueue('deliver-webhooks', { subscription: saved.id, key }, { tx });
    return saved;
  });
  return subscriptionView(row);
}
