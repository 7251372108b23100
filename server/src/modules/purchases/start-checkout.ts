/**
 * Starting a checkout of an envelope pack with the payment provider (administrators): recorded
 * as an open purchase. Without a provider the checkout is refused in words that say how to get
 * envelopes instead.
 */
import type { CheckoutSession } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { findPack } from './products.js';
import { administratorsOnly, noPaymentsText, type Payments } from './purchases.js';
import { insertPurchase } from './repository.js';
import { msg } from '#words';

export async function startCheckout(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  payments: Payments,
  principal: Principal,
  order: { product?: string | undefined; quantity?: number | undefined },
  origin: Origin,
): Promise<CheckoutSession> {
  administratorsOnly(principal);
  if (!order.product) throw badRequest(msg({ message: 'Please choose an envelope pack.' }));
  const pack = findPack(order.product);
  if (!pack) throw badRequest(msg({ message: 'There is no such envelope pack.' }));
  const quantity = order.quantity ?? 1;
  const amount = pack.price * quantity;
  const provider = payments.current;
  if (!provider) throw badRequest(noPaymentsText);
  const started = await provider.startCheckout({
    product: { id: pack.id, name: pack.name },
    quantity,
    amount,
    currency: pack.currency,
    email: principal.email,
    companyId: principal.companyId,
  });
  await ctx.db.transaction(async (tx) => {
    await insertPurchase(tx, {
      companyId: principal.companyId,
      sessionId: started.sessionId,
      provider: provider.name,
      product: pack.id,
      quantity,
      envelopes: pack.envelopes * quantity,
      amount,
      currency: pack.currency,
      email: principal.email,
      status: 'open',
      createdAt: ctx.now(),
    });
    await recordEvent(tx, {
      event: 'purchase',
      companyId: principal.companyId,
      actor: principal,
      target: `${quantity} × ${pack.name}`,
      origin,
      details: { stage: 'checkout', session: started.sessionId, amount, currency: pack.currency },
    });
  });
  return { session_id: started.sessionId, url: started.url };
}
