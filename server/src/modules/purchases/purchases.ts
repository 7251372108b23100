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

export interface Payments {
  /** The provider new checkouts go to. */
  current: PaymentProvider;
  /** Every provider purchases were made with, by name. */
  byName: ReadonlyMap<string, PaymentProvider>;
}

export function paymentsWith(current: PaymentProvider, ...others: PaymentProvider[]): Payments {
  return { current, byName: new Map([current, ...others].map((provider) => [provider.name, provider])) };
}

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
  };
}
