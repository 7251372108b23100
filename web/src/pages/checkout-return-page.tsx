/**
 * Checkout return (`/checkout/return?session_id=...`): where the payment page sends the buyer
 * back after buying envelopes. Shows the purchase's outcome (`POST /products`, status) with a
 * link back to the envelopes tab; a link without `session_id` is a clear error.
 */
import { useSearchParams } from 'react-router-dom';
import { PurchaseOutcome } from '../features/account/purchase-outcome.tsx';
import '../styles/account.css';

export default function CheckoutReturnPage() {
  const [search] = useSearchParams();
  return <PurchaseOutcome reference={search.get('session_id')?.trim() || null} />;
}
