/**
 * Open pending (`/open-pending/{pageId}`, signed in, opened from Action Required;
 * `POST /websigning`): a form waiting for the person. An approval is reviewed: they read it,
 * answer what it asks, then approve it (`approve`, with their answers and signature) or
 * disapprove it with a comment (`disapprove`), which sends it back to its sender. A place
 * asked to sign or fill in (the form's `action`) is answered and signed as from its link.
 * Designed where the specification is silent: approving is signing (the contract says so for
 * pending forms), so the main button is Approve; Disapprove opens a short form whose comment
 * is required; the receipt leads back to Action Required.
 */
import { SigningScreen } from '../features/forms/signing-screen.tsx';

export default function OpenPendingPage() {
  return <SigningScreen mode="review" />;
}
