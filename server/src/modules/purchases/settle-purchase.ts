/**
 * Settling an open purchase, in the caller's transaction: complete (its envelopes added to the
 * company and its receipt mailed to the buyer) or expired. Conditional on the purchase being
 * open, so of several settlements of one purchase (status checks at once, a webhook delivered
 * twice) only the first changes anything; it answers the settled purchase, or undefined when
 * another had settled it.
 */
import { recordEvent, type EventRecord } from '../../audit/audit.js';
import { addEnvelopes } from '../../companies/repository.js';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { message } from '../../mail/messages.js';
import { findPack } from './products.js';
import { settleOpenPurchase, type PurchaseRecord } from './repository.js';

export async function settlePurchase(
  tx: Database,
  mail: ServerContext['mail'],
  purchase: PurchaseRecord,
  state: 'complete' | 'expired',
  now: Date,
  by: Pick<EventRecord, 'actor' | 'origin'>,
): Promise<PurchaseRecord | undefined> {
  const changed = await settleOpenPurchase(tx, purchase.id, state, now);
  if (!changed) return undefined;
  if (state === 'complete') {
    await addEnvelopes(tx, changed.companyId, changed.envelopes);
    // The page says the receipt went to this address: it goes, with the change that completes the purchase.
    if (changed.email) await mail.send(receiptMail(changed), { tx });
  }
  await recordEvent(tx, {
    event: 'purchase',
    companyId: changed.companyId,
    actor: by.actor,
    target: `${changed.quantity} × ${findPack(changed.product)?.name ?? changed.product}`,
    ...(by.origin ? { origin: by.origin } : {}),
    details: {
      stage: state,
      session: changed.sessionId,
      provider: changed.provider,
      envelopes: state === 'complete' ? changed.envelopes : 0,
      amount: changed.amount,
      currency: changed.currency,
    },
  });
  return changed;
}

function receiptMail(purchase: PurchaseRecord) {
  const amount = new Intl.NumberFormat('en-GB', { style: 'currency', currency: purchase.currency.toUpperCase() }).format(purchase.amount / 100);
  const pack = findPack(purchase.product)?.name ?? purchase.product;
  const envelopes = purchase.envelopes.toLocaleString('en-GB');
  const test = purchase.provider === 'test';
  return message(purchase.email, `Your receipt${test ? ' (test payment)' : ''}: ${envelopes} envelopes`, [
    'Hello,',
    `Thank you for your purchase of ${purchase.quantity} × ${pack}: ${envelopes} envelopes have been added to your organisation.`,
    test ? `Test payment: no money was taken. Amount: ${amount}.` : `Amount paid: ${amount}.`,
    `Payment reference: ${purchase.sessionId}.`,
  ]);
}
