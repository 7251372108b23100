/**
 * Stripe's events (`POST /payments/stripe/events`, no account: the `Stripe-Signature` header
 * is the proof). The raw body is checked against the signature with the webhook secret
 * (`webhooks.constructEvent`, within Stripe's five minutes of tolerance by this server's
 * clock); an event not signed so is refused and changes nothing. A signed event is handled
 * once: its id is kept in the same transaction as what it changes, so Stripe's retries and
 * replays change nothing more.
 *
 * `checkout.session.completed` (paid) and `checkout.session.async_payment_succeeded` complete
 * the purchase of their session: its envelopes are added and its receipt mailed. A session
 * paid for a different amount or currency than the purchase recorded completes nothing (and
 * says so in the trail). `checkout.session.expired` expires it. Other events are acknowledged
 * and ignored.
 */
import type Stripe from 'stripe';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { findPurchaseBySession, recordPaymentEvent } from './repository.js';
import { settlePurchase } from './settle-purchase.js';
import type { StripeProvider } from './stripe-provider.js';
import { msg } from '#words';

const completing = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** The text a request Stripe did not sign is refused with. */
export const unsignedEventText = msg({ message: 'This event is not signed by the payment provider.' });

export async function recordStripeEvent(
  ctx: Pick<ServerContext, 'db' | 'now' | 'mail' | 'log'>,
  stripe: StripeProvider | null,
  request: { rawBody: string | undefined; signature: string | undefined },
  origin: Origin,
): Promise<{ received: true }> {
  if (!stripe) throw badRequest(msg({ message: 'This site does not take payments with Stripe.' }));
  if (request.rawBody === undefined || !request.signature) throw badRequest(unsignedEventText);
  const now = ctx.now();
  let event: Stripe.Event;
  try {
    event = stripe.verifiedEvent(request.rawBody, request.signature, now);
  } catch {
    throw badRequest(unsignedEventText);
  }
  await ctx.db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, { eventId: event.id, provider: 'stripe', type: event.type, receivedAt: now }))) return;
    if (!completing.has(event.type) && event.type !== 'checkout.session.expired') return;
    const session = event.data.object as Stripe.Checkout.Session;
    const purchase = await findPurchaseBySession(tx, session.id);
    if (!purchase || purchase.provider !== 'stripe') {
      ctx.log.warn({ event: event.id, session: session.id }, 'A Stripe event names no purchase of this site.');
      return;
    }
    const by = { actor: 'system' as const, origin };
    if (event.type === 'checkout.session.expired') {
      await settlePurchase(tx, ctx.mail, purchase, 'expired', now, by);
      return;
    }
    // Paid later (a bank debit): `async_payment_succeeded` follows.
    if (session.payment_status !== 'paid') return;
    if (session.amount_total !== purchase.amount || session.currency !== purchase.currency) {
      await recordEvent(tx, {
        event: 'purchase',
        companyId: purchase.companyId,
        actor: 'system',
        level: 'warning',
        target: purchase.sessionId,
        origin,
        details: {
          stage: 'mismatch',
          session: purchase.sessionId,
          expected: { amount: purchase.amount, currency: purchase.currency },
          paid: { amount: session.amount_total, currency: session.currency },
        },
      });
      return;
    }
    await settlePurchase(tx, ctx.mail, purchase, 'complete', now, by);
  });
  return { received: true };
}
