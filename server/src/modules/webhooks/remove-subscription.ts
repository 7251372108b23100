/** Removing a subscription (administrators), with its delivery log: nothing more is sent to it. */
import type { WebhookMessage } from '@formsign/sdk/contract';
import type { Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { deleteSubscription, findSubscription } from './repository.js';
import { recordSubscriptionChange, unknownSubscription, webhookTexts } from './subscription-rules.js';
import { say, type Language } from '../../i18n/i18n.js';

export async function removeSubscription(
  ctx: Pick<ServerContext, 'db'>,
  principal: Principal,
  id: number,
  origin: Origin,
  language: Language = 'en',
): Promise<WebhookMessage> {
  const current = await findSubscription(ctx.db, principal.companyId, id);
  if (!current) throw badRequest(unknownSubscription);
  await ctx.db.transaction(async (tx) => {
    await deleteSubscription(tx, current.id);
    await recordSubscriptionChange(tx, principal, current, 'deleted', origin);
  });
  return { message: say(language, webhookTexts.removed, { url: current.url }) };
}
