/** Subscribing an address to events (administrators): the answer holds the secret, this once. */
import type { WebhookSubscriptionCreated, WebhookSubscriptionInput } from '@formsign/sdk/contract';
import type { Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { insertSubscription, listSubscriptions } from './repository.js';
import { newWebhookSecret, secretHint } from './signature.js';
import { checkedAddress, recordSubscriptionChange, subscriptionView, webhookTexts } from './subscription-rules.js';
import { filled } from '#words';

/** Every event is sent to each subscription taking it: a bound on how far one event fans out. */
export const mostSubscriptions = 20;

export async function createSubscription(
  ctx: Pick<ServerContext, 'db' | 'keys' | 'outbound'>,
  principal: Principal,
  input: WebhookSubscriptionInput,
  origin: Origin,
): Promise<WebhookSubscriptionCreated> {
  if (input.events.length === 0) throw badRequest(webhookTexts.noEvents);
  if ((await listSubscriptions(ctx.db, principal.companyId)).length >= mostSubscriptions)
    throw badRequest(filled(webhookTexts.tooMany, { most: mostSubscriptions }));
  const url = await checkedAddress(ctx, input.url);
  const secret = newWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await insertSubscription(tx, {
      companyId: principal.companyId,
      url,
      events: [...new Set(input.events)],
      description: input.description?.trim() ?? '',
      secret: ctx.keys.credentials.seal(secret),
      secretHint: secretHint(secret),
      createdBy: principal.userId,
      createdByName: principal.displayName,
    });
    await recordSubscriptionChange(tx, principal, saved, 'created', origin);
    return saved;
  });
  return { ...subscriptionView(row), secret };
}
