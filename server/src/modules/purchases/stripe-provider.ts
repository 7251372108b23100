/**
 * Stripe Checkout, with Stripe's own library: a Checkout Session is created for the pack bought
 * (its price, the quantity, the buyer's email), and Stripe's hosted page sends the buyer back to
 * `/checkout/return?session_id=...`. Coming back proves nothing: the purchase stays open until
 * Stripe's signed `checkout.session.completed` event reaches the webhook
 * (`record-stripe-event.ts`), so `checkoutState` answers `open` and never asks Stripe.
 *
 * The library's requests go through the one guarded client of the server (`ctx.outbound`, as
 * the `fetch` of the library's fetch client), like every other request to another system: at
 * `STRIPE_API_URL` (https://api.stripe.com by default), which must be on the public internet
 * unless `FORMSIGN_OUTBOUND_ALLOW` lists it.
 */
import Stripe from 'stripe';
import type { PaymentsSettings } from '../../config.js';
import type { OutboundClient } from '../../http/outbound.js';
import type { PaymentProvider } from './payment-provider.js';

type StripeSettings = Extract<PaymentsSettings, { kind: 'stripe' }>;

export interface StripeProvider extends PaymentProvider {
  /** The event a webhook request carries, when its `Stripe-Signature` proves Stripe sent it (at `now`); throws otherwise. */
  verifiedEvent(rawBody: string, signature: string, now: Date): Stripe.Event;
}

export function stripeClient(settings: StripeSettings, outbound: Pick<OutboundClient, 'fetch'>): Stripe {
  const { apiUrl } = settings;
  return new Stripe(settings.secretKey, {
    host: apiUrl.hostname,
    ...(apiUrl.port ? { port: apiUrl.port } : {}),
    protocol: apiUrl.protocol === 'http:' ? 'http' : 'https',
    httpClient: Stripe.createFetchHttpClient(outbound.fetch),
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
  });
}

export function stripePaymentProvider(settings: StripeSettings, outbound: Pick<OutboundClient, 'fetch'>, publicUrl: string): StripeProvider {
  const stripe = stripeClient(settings, outbound);
  return {
    name: 'stripe',
    async startCheckout(order) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: order.quantity,
            price_data: {
              currency: order.currency,
              unit_amount: order.amount / order.quantity,
              product_data: { name: order.product.name, metadata: { product: order.product.id } },
            },
          },
        ],
        customer_email: order.email,
        client_reference_id: String(order.companyId),
        metadata: { product: order.product.id, quantity: String(order.quantity), company: String(order.companyId) },
        success_url: `${publicUrl}/checkout/return?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${publicUrl}/account?tab=2`,
      });
      if (!session.url) throw new Error(`Stripe answered the checkout session ${session.id} without a payment page.`);
      return { sessionId: session.id, url: session.url };
    },
    async checkoutState() {
      // Only Stripe's signed event settles a Stripe purchase.
      return 'open';
    },
    verifiedEvent(rawBody, signature, now) {
      return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, undefined, undefined, now.getTime());
    },
  };
}
