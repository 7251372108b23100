/**
 * What a subscription's answers say, and what its address must be: an http(s) address the
 * guarded client may reach (the public internet, or what the operator allows), checked when it
 * is saved and again at every delivery.
 */
import type { WebhookSubscription } from '@formsign/sdk/contract';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import type { SubscriptionRecord } from './repository.js';
import { webhookEventTypes } from './webhook-events.js';

export const unknownSubscription = 'This subscription does not exist.';

export function subscriptionView(row: SubscriptionRecord): WebhookSubscription {
  return {
    id: row.id,
    url: row.url,
    events: webhookEventTypes.filter((event) => row.events.includes(event)),
    description: row.description,
    status: row.pausedAt ? 'paused' : 'active',
    paused_reason: row.pausedAt ? row.pausedReason : null,
    failures: row.failures,
    secret_hint: row.secretHint,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdByName,
  };
}

/** The address, trimmed, once it is one formsign may post to; refused with the reason otherwise. */
export async function checkedAddress(ctx: Pick<ServerContext, 'outbound'>, text: string): Promise<string> {
  const url = text.trim();
  let parsed: URL | null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.hostname === '')
    throw badRequest('Please give a web address starting with https:// (or http://).');
  if (parsed.username || parsed.password) throw badRequest('Leave the user name and password out of the address.');
  const refusal = await ctx.outbound.refusal(url);
  if (refusal) throw badRequest(refusal);
  return url;
}
