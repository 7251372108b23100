/**
 * Settling an open purchase, in the caller's transaction: complete (its envelopes added to the
 * company and its receipt mailed to the buyer) or expired. Conditional on the purchase being
 * open, so of several settlements of one purchase (status checks at once, a webhook delivered
 * twice) only the first changes anything; it answers the settled purchase, or undefined when
 * another had settled it.
 */
import { recordEvent, type EventRecord } from '../../audit/audit.js';
import { addEnvelopes, personLanguage } from '../../companies/repository.js';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { msg } from '#words';
import { say, type Language } from '../../i18n/i18n.js';
import { message } from '../../mail/messages.js';
import { findByEmail } from '../users/repository.js';
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
    if (changed.email) await mail.send(receiptMail(await buyerLanguage(tx, changed), changed), { tx });
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

/** The language the receipt is read in: its address's account's in the organisation, else the organisation's. */
async function buyerLanguage(tx: Database, purchase: PurchaseRecord): Promise<Language> {
  const buyer = await findByEmail(tx, purchase.email);
  return personLanguage(tx, buyer?.companyId === purchase.companyId ? buyer : { language: null, companyId: purchase.companyId });
}

/** How each language writes amounts and counts (English as the receipts always have: British). */
const numberLocale: Record<Language, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', es: 'es-ES' };

function receiptMail(language: Language, purchase: PurchaseRecord) {
  const locale = numberLocale[language];
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: purchase.currency.toUpperCase() }).format(purchase.amount / 100);
  const pack = findPack(purchase.product)?.name ?? purchase.product;
  const envelopes = purchase.envelopes.toLocaleString(locale);
  const test = purchase.provider === 'test';
  const values = { envelopes, count: purchase.envelopes, quantity: purchase.quantity, pack, amount, reference: purchase.sessionId };
  return message(
    purchase.email,
    test
      ? say(
          language,
          msg({ message: 'Your receipt (test payment): {count, plural, one {{envelopes} envelope} other {{envelopes} envelopes}}' }),
          values,
        )
      : say(language, msg({ message: 'Your receipt: {count, plural, one {{envelopes} envelope} other {{envelopes} envelopes}}' }), values),
    [
      say(language, msg({ message: 'Hello,' })),
      say(
        language,
        msg({
          message:
            'Thank you for your purchase of {quantity} × {pack}: {count, plural, one {{envelopes} envelope has} other {{envelopes} envelopes have}} been added to your organisation.',
        }),
        values,
      ),
      test
        ? say(language, msg({ message: 'Test payment: no money was taken. Amount: {amount}.' }), values)
        : say(language, msg({ message: 'Amount paid: {amount}.' }), values),
      say(language, msg({ message: 'Payment reference: {reference}.' }), values),
    ],
  );
}
