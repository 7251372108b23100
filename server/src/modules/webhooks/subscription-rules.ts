/**
 * What a subscription's answers say, and what its address must be: an http(s) address the
 * guarded client may reach (the public internet, or what the operator allows), checked when it
 * is saved and again at every delivery.
 */
import type { WebhookSubscription } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { badRequest } from '../../http/errors.js';
import type { SubscriptionRecord } from './repository.js';
import { webhookEventTypes } from './webhook-events.js';
import { msg } from '#words';

/** What a person reads about a webhook subscription. */
export const webhookTexts = {
  unknown: msg({ message: 'This subscription does not exist.' }),
  badAddress: msg({ message: 'Please give a web address starting with https:// (or http://).' }),
  credentials: msg({ message: 'Leave the user name and password out of the address.' }),
  noEvents: msg({ message: 'Please choose at least one event to send.' }),
  tooMany: msg({ message: 'An organisation has at most {most} subscriptions: remove one first.' }),
  removed: msg({ message: 'The subscription to {url} is removed.' }),
  noDelivery: msg({ message: 'This delivery does not exist.' }),
  pending: msg({ message: 'This event is waiting to be sent: there is nothing to send again yet.' }),
  /** A delivery's detail when it is queued again (kept in English, said in the reader's language). */
  queuedDetail: msg({ message: 'Queued to be sent again.' }),
  queuedOnResume: msg({ message: '{event} is queued to be sent again once the subscription is resumed.' }),
  queued: msg({ message: '{event} is queued to be sent again.' }),
  queuedOfOnResume: msg({ message: '{event} of {reference} is queued to be sent again once the subscription is resumed.' }),
  queuedOf: msg({ message: '{event} of {reference} is queued to be sent again.' }),
};

export const unknownSubscription = webhookTexts.unknown;

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
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.hostname === '') throw badRequest(webhookTexts.badAddress);
  if (parsed.username || parsed.password) throw badRequest(webhookTexts.credentials);
  const refusal = await ctx.outbound.refusal(url);
  if (refusal) throw badRequest(refusal);
  return url;
}

/** The trail's record of a change to a subscription (made, changed, paused, resumed, secret rolled, deleted). */
export async function recordSubscriptionChange(
  tx: Database,
  principal: Principal,
  subscription: { id: number; url: string; events?: string[] },
  change: string,
  origin: Origin,
): Promise<void> {
  const { id, url, events } = subscription;
  await recordEvent(tx, {
    event: 'settings-saved',
    companyId: principal.companyId,
    actor: principal,
    target: `Webhook subscription to ${url}`,
    origin,
    details: { area: 'webhook', change, subscription: id, ...(events ? { events } : {}) },
  });
}
