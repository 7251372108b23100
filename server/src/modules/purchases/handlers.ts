/**
 * The envelope products operation (`POST /products`): `list` the packs on offer, `checkout`
 * one (administrators), and the `status` of a purchase (administrators).
 */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { testPaymentProvider } from './payment-provider.js';
import { envelopePacks } from './products.js';
import { purchaseOutcome } from './purchase-outcome.js';
import { paymentsWith, type Payments } from './purchases.js';
import { startCheckout } from './start-checkout.js';

export function purchasesHandlers(
  ctx: Pick<ServerContext, 'db' | 'now' | 'mail'>,
  payments: Payments = paymentsWith(testPaymentProvider()),
): Pick<Handlers, 'manageProducts'> {
  return {
    async manageProducts(request) {
      const body = request.body ?? {};
      const origin = { ip: request.ip, userAgent: request.userAgent };
      switch (body.action ?? 'list') {
        case 'checkout':
          return startCheckout(ctx, payments, request.principal, body, origin);
        case 'status':
          return purchaseOutcome(ctx, payments, request.principal, body.session_id, origin);
        case 'list':
          return { data: envelopePacks.map((pack) => ({ ...pack })) };
      }
    },
  };
}
