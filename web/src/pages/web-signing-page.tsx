/**
 * Web signing (`/web-signing/{pageId}?token=...&refs=...&order=...`, `POST /websigning`): a
 * signer opens the link they were sent, reads who sent the form and their note, answers its
 * fields, signs (typed or drawn) and submits it; the receipt says who signs next or that the
 * form is complete.
 * Designed where the specification is silent: the form's title is the page's heading as well
 * as its title (this page has no top bar); a link without a page id says so and sends nothing;
 * required answers are checked before sending, with the problems beside their fields.
 */
import { SigningScreen } from '../features/forms/signing-screen.tsx';

export default function WebSigningPage() {
  return <SigningScreen mode="sign" />;
}
