/**
 * Buying envelopes. An administrator starts a checkout of a pack (and a quantity) with the
 * payment provider, which is recorded as an open purchase; asked for its outcome, a purchase
 * still open is settled by what the provider says, and a completed one adds its envelopes to
 * the company, once, however many times (and however simultaneously) it is asked about.
 */
import type { CheckoutSession, PurchaseStatus } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { failureTexts } from '../../http/texts.js';
import type { PaymentProvider } from './payment-provider.js';
import { findPack } from './products.js';
import { findPurchase, insertPurchase, settleOpenPurchase, type PurchaseRecord } from './repository.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { addEnvelopes } from '../../companies/repository.js';

export interface Payments {
  /** The provider new checkouts go to. */
  current: PaymentProvider;
  /** Every provider purchases were made with, by name. */
  byName: ReadonlyMap<string, PaymentProvider>;
}

export function paymentsWith(current: PaymentProvider, ...others: PaymentProvider[]): Payments {
  return { current, byName: new Map([current, ...others].map((provider) => [provider.name, provider])) };
}

function administratorsOnly(principal: Principal): void {
  if (!principal.admin) throw new AppError(AppErrorCode.Forbidden, failureTexts.forbidden);
}

export function statusOf(purchase: PurchaseRecord): PurchaseStatus {
  return {
    status: purchase.status,
    product: purchase.product,
    envelopes: purchase.status === 'expired' ? 0 : purchase.envelopes,
    amount: purchase.amount,
    currency: purchase.currency,
    email: purchase.email,
  };
}

export async function startCheckout(ctx: ServerContext, payments: Payments, principal: Principal, order: { product?: string | undefined; quantity?: number | undefined }, origin: Origin): Promise<CheckoutSession> {
  administratorsOnly(principal);
  if (!order.product) throw badRequest('Please choose an envelope pack.');
  const pack = findPack(order.product);
  if (!pack) throw badRequest('There is no such envelope pack.');
  const quantity = order.quantity ?? 1;
  const amount = pack.price * quantity;
  const provider = payments.current;
  const started = await provider.startCheckout({ product: { id: pack.id, name: pack.name }, quantity, amount, currency: pack.currency, email: principal.email });
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
    await recordEvent(tx, { event: 'purchase', companyId: principal.companyId, actor: principal, target: `${quantity} × ${pack.name}`, origin, details: { stage: 'checkout', session: started.sessionId, amount, currency: pack.currency } });
  });
  return { session_id: started.sessionId, url: started.url };
}

export async function purchaseOutcome(ctx: ServerContext, payments: Payments, principal: Principal, sessionId: string | undefined, origin: Origin): Promise<PurchaseStatus> {
  administratorsOnly(principal);
  if (!sessionId?.trim()) throw badRequest('The payment reference is missing.');
  const purchase = await findPurchase(ctx.db, principal.companyId, sessionId.trim());
  if (!purchase) throw badRequest('There is no such purchase.');
  const provider = payments.byName.get(purchase.provider);
  if (purchase.status !== 'open' || !provider) return statusOf(purchase);

  const now = ctx.now();
  const state = await provider.checkoutState({ sessionId: purchase.sessionId, createdAt: purchase.createdAt }, now);
  if (state === 'open') return statusOf(purchase);
  const settled = await ctx.db.transaction(async (tx) => {
    const changed = await settleOpenPurchase(tx, purchase.id, state, now);
    if (!changed) return undefined;
    if (state === 'complete') await addEnvelopes(tx, changed.companyId, changed.envelopes);
    await recordEvent(tx, {
      event: 'purchase',
      companyId: changed.companyId,
      actor: principal,
      target: `${changed.quantity} × ${findPack(changed.product)?.name ?? changed.product}`,
      origin,
      details: { stage: state, session: changed.sessionId, envelopes: state === 'complete' ? changed.envelopes : 0, amount: changed.amount, currency: changed.currency },
    });
    return changed;
  });
  // Settled by another request in the meantime: as that one left it.
  return statusOf(settled ?? (await findPurchase(ctx.db, principal.companyId, purchase.sessionId)) ?? purchase);
}
