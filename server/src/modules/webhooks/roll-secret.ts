/** Rolling a subscription's secret (administrators): the new one is answered once and signs every delivery from now on. */
import type { WebhookSecret } from '@formsign/sdk/contract';
import type { Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { findSubscription, updateSubscription } from './repository.js';
import { newWebhookSecret, secretHint } from './signature.js';
import { recordSubscriptionChange, unknownSubscription } from './subscription-rules.js';

export async function rollSecret(ctx: Pick<ServerContext, 'db' | 'keys'>, principal: Principal, id: number, origin: Origin): Promise<WebhookSecret> {
  const current = await findSubscription(ctx.db, principal.companyId, id);
  if (!current) throw badRequest(unknownSubscription);
  const secret = newWebhookSecret();
  await ctx.db.transaction(async (tx) => {
    await updateSubscription(tx, current.id, { secret: ctx.keys.credentials.seal(secret), secretHint: secretHint(secret) });
    await recordSubscriptionChange(tx, principal, current, 'secret rolled', origin);
  });
  return { id: current.id, secret, secret_hint: secretHint(secret) };
}
