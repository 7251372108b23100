/**
 * Payment completion (`/stripe-completion?payment_intent=...&redirect_status=...`, or
 * `?session_id=...`): where the card payment provider returns after confirming a payment.
 * Shows the purchase's outcome (`POST /products`, status); a `redirect_status` of `failed` (or
 * a payment that still needs a payment method) is shown as a failed payment unless the
 * purchase is complete. A link without an id is a clear error.
 */
import { useSearchParams } from 'react-router-dom';
import { PurchaseOutcome } from '../features/account/purchase-outcome.tsx';
import '../styles/account.css';

const failedStatuses = new Set(['failed', 'requires_payment_method', 'canceled']);

export default function StripeCompletionPage() {
  const [search] = useSearchParams();
  const reference = (search.get('payment_intent') ?? search.get('session_id'))?.trim() || null;
  return <PurchaseOutcome reference={reference} providerFailed={failedStatuses.has(search.get('redirect_status') ?? '')} />;
}
