/**
 * Envelopes: `POST /products` (`list` the packs on offer and how this site takes payment,
 * `checkout` one, the `status` of a purchase: administrators), Stripe's events
 * (`POST /payments/stripe/events`, signed by Stripe) and grants without a payment
 * (`POST /grant-envelopes`, the instance's super users, who find the organisation with
 * `GET /organisations`). How payments are taken is the
 * configuration's (`ServerConfig.payments`): Stripe, the test provider, or none.
 */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { grantEnvelopes } from './grant-envelopes.js';
import { listOrganisations } from './list-organisations.js';
import { testPaymentProvider } from './payment-provider.js';
import { envelopePacks } from './products.js';
import { purchaseOutcome } from './purchase-outcome.js';
import { paymentsWith, type Payments } from './purchases.js';
import { recordStripeEvent } from './record-stripe-event.js';
import { startCheckout } from './start-checkout.js';
import { stripePaymentProvider, type StripeProvider } from './stripe-provider.js';

type PurchasesContext = Pick<ServerContext, 'db' | 'now' | 'mail' | 'config' | 'outbound' | 'log'>;

/** The payment provider the configuration names, and Stripe's own when it is Stripe. */
export function configuredPayments(ctx: Pick<ServerContext, 'config' | 'outbound'>): { payments: Payments; stripe: StripeProvider | null } {
  const settings = ctx.config.payments;
  if (settings.kind === 'stripe') {
    const stripe = stripePaymentProvider(settings, ctx.outbound, ctx.config.publicUrl);
    return { payments: paymentsWith(stripe), stripe };
  }
  return { payments: paymentsWith(settings.kind === 'test' ? testPaymentProvider() : null), stripe: null };
}

export function purchasesHandlers(
  ctx: PurchasesContext,
): Pick<Handlers, 'manageProducts' | 'receiveStripeEvent' | 'grantEnvelopes' | 'listOrganisations'> {
  const { payments, stripe } = configuredPayments(ctx);
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
          return { data: envelopePacks.map((pack) => ({ ...pack })), payments: ctx.config.payments.kind };
      }
    },
    async receiveStripeEvent(request) {
      const signature = request.raw.headers['stripe-signature'];
      return recordStripeEvent(
        ctx,
        stripe,
        { rawBody: request.raw.rawBody, signature: typeof signature === 'string' ? signature : undefined },
        { ip: request.ip, userAgent: request.userAgent },
      );
    },
    grantEnvelopes: (request) => grantEnvelopes(ctx, request.principal, request.body, { ip: request.ip, userAgent: request.userAgent }),
    listOrganisations: ({ principal, query }) => listOrganisations(ctx, principal, query),
  };
}
