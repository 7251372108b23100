/**
 * Buying envelopes. An administrator starts a checkout of a pack (and a quantity) with the
 * payment provider, which is recorded as an open purchase; asked for its outcome, a purchase
 * still open is settled by what the provider says, and a completed one adds its envelopes to
 * the company, once, however many times (and however simultaneously) it is asked about
 * (`start-checkout.ts`, `purchase-outcome.ts`).
 */
import type { PurchaseStatus } from '@formsign/sdk/contract';
import type { Principal } from '../../auth/principal.js';
import { failureTexts } from '../../http/texts.js';
import type { PaymentProvider } from './payment-provider.js';
import type { PurchaseRecord } from './repository.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { msg } from '#words';

export interface Payments {
  /** The provider new checkouts go to; none when envelopes are granted instead of sold. */
  current: PaymentProvider | null;
  /** The providers whose open purchases may still be settled, by name: only the one configured, so a switch from the test provider never completes its checkouts for free. */
  byName: ReadonlyMap<string, PaymentProvider>;
}

export function paymentsWith(current: PaymentProvider | null): Payments {
  return { current, byName: new Map(current ? [[current.name, current]] : []) };
}

/** What a checkout without a payment provider is told, in the words of the envelopes page. */
export const noPaymentsText = msg({
  message:
    'Envelopes are not sold online on this site. Ask the people who run formsign for your organisation to add envelopes: write to them from Help, Contact Us.',
});

export function administratorsOnly(principal: Principal): void {
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
    test_payment: purchase.provider === 'test',
  };
}
