/**
 * Open signing (`/open-signing/{pageId}`, `POST /websigning`): a form published through an
 * open link, which anyone who has the link fills in and signs, then submits; the receipt says
 * who signs next or that the form is complete.
 * Designed where the specification is silent: the same screen as web signing, introduced as a
 * form to fill in rather than a signature request; the form's title is the page's heading (no
 * top bar here); a link without a page id says so and sends nothing.
 */
import { SigningScreen } from '../features/forms/signing-screen.tsx';

export default function OpenSigningPage() {
  return <SigningScreen mode="fill" />;
}
