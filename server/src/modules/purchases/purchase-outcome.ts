/**
 * The outcome of a purchase (administrators): one still open is settled by what the provider
 * says, and a completed one adds its envelopes to the company and mails its receipt to the
 * buyer, once, however many times (and however simultaneously) it is asked about.
 */
import type { PurchaseStatus } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { addEnvelopes } from '../../companies/repository.js';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { message } from '../../mail/messages.js';
import { findPack } from './products.js';
import { administratorsOnly, statusOf, type Payments } from './purchases.js';
import { findPurchase, settleOpenPurchase } from './repository.js';

export async function purchaseOutcome(
  ctx: Pick<ServerContext, 'db' | 'now' | 'mail'>,
  payments: Payments,
  principal: Principal,
  sessionId: string | undefined,
  origin: Origin,
): Promise<PurchaseStatus> {
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
    if (state === 'complete') {
      await addEnvelopes(tx, changed.companyId, changed.envelopes);
      // The page says the receipt went to this address: it goes, with the change that completes the purchase.
      if (changed.email) await ctx.mail.send(receiptMail(changed), { tx });
    }
    await recordEvent(tx, {
      event: 'purchase',
      companyId: changed.companyId,
      actor: principal,
      target: `${changed.quantity} × ${findPack(changed.product)?.name ?? changed.product}`,
      origin,
      details: {
        stage: state,
        session: changed.sessionId,
        envelopes: state === 'complete' ? changed.envelopes : 0,
        amount: changed.amount,
        currency: changed.currency,
      },
    });
    return changed;
  });
  // Settled by another request in the meantime: as that one left it.
  return statusOf(settled ?? (await findPurchase(ctx.db, principal.companyId, purchase.sessionId)) ?? purchase);
}

function receiptMail(purchase: {
  email: string;
  envelopes: number;
  quantity: number;
  product: string;
  amount: number;
  currency: string;
  sessionId: string;
}) {
  const amount = new Intl.NumberFormat('en-GB', { style: 'currency', currency: purchase.currency.toUpperCase() }).format(purchase.amount / 100);
  const pack = findPack(purchase.product)?.name ?? purchase.product;
  return message(purchase.email, `Your receipt: ${purchase.envelopes.toLocaleString('en-GB')} envelopes`, [
    'Hello,',
    `Thank you for your purchase of ${purchase.quantity} × ${pack}: ${purchase.envelopes.toLocaleString('en-GB')} envelopes have been added to your organisation.`,
    `Amount paid: ${amount}.`,
    `Payment reference: ${purchase.sessionId}.`,
  ]);
}
