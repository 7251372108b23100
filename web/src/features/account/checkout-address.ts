/**
 * The payment page the checkout answered, checked before the browser goes there: a page of
 * this site (the mock's return address), or an `https` page of a payment provider the
 * installation trusts (`paymentOrigins`). Anything else (`javascript:`, another site, a
 * plain-`http` page, a URL with credentials) is refused.
 */

/** The full address to go to, or null when the browser must not go there. */
export function checkoutAddress(url: string, pageOrigin: string, paymentOrigins: readonly string[]): string | null {
  let resolved: URL;
  try {
    resolved = new URL(url, pageOrigin);
  } catch {
    return null;
  }
  if (resolved.username || resolved.password) return null;
  if (resolved.origin === new URL(pageOrigin).origin) return resolved.href;
  if (resolved.protocol === 'https:' && paymentOrigins.includes(resolved.origin)) return resolved.href;
  return null;
}
