/**
 * How envelopes are paid for: a payment provider starts a checkout (a page where the buyer
 * pays, which sends them back to `/checkout/return?session_id=...`) and says what became of
 * it. Stripe Checkout is the real one (`stripe-provider.ts`); the test provider takes no money
 * (its checkout page is the return page itself, and a checkout is paid as soon as it is asked
 * about) and runs only with `FORMSIGN_PAYMENTS=test`, for the demo and the tests.
 */
import { randomBytes } from 'node:crypto';

export interface CheckoutOrder {
  /** The envelope pack, as the provider's line item. */
  product: { id: string; name: string };
  quantity: number;
  /** The total, in the currency's smallest unit. */
  amount: number;
  currency: string;
  /** Who receives the receipt. */
  email: string;
  /** The organisation buying. */
  companyId: number;
}

export interface StartedCheckout {
  /** The checkout's id at the provider; the purchase's reference. */
  sessionId: string;
  /** Where the buyer pays. */
  url: string;
}

/** A checkout's outcome: paid, not (yet) paid, or given up. */
export type CheckoutState = 'open' | 'complete' | 'expired';

export interface PaymentProvider {
  /** Stored with each purchase, to ask the same provider about it later. */
  readonly name: string;
  startCheckout(order: CheckoutOrder): Promise<StartedCheckout>;
  checkoutState(checkout: { sessionId: string; createdAt: Date }, now: Date): Promise<CheckoutState>;
}

/** The address the payment page sends the buyer back to, on this site. */
export const returnPath = (sessionId: string): string => `/checkout/return?session_id=${encodeURIComponent(sessionId)}`;

/** How long a checkout may wait for its payment (as Stripe's Checkout Sessions). */
export const checkoutLifetimeMs = 24 * 60 * 60_000;

/** The test provider: no money moves; the buyer "pays" by coming back to the return page. */
export function testPaymentProvider(): PaymentProvider {
  return {
    name: 'test',
    async startCheckout() {
      const sessionId = `cs_test_${randomBytes(18).toString('base64url')}`;
      return { sessionId, url: returnPath(sessionId) };
    },
    async checkoutState({ createdAt }, now) {
      return now.getTime() - createdAt.getTime() > checkoutLifetimeMs ? 'expired' : 'complete';
    },
  };
}
