import { documentCookie } from '../runtime.js';
import { readCookie, xsrfCookieName, xsrfHeaderName, xsrfSafeMethods } from '../xsrf-pair.js';
import { headMiddleware, type HeadMiddleware } from './head-middleware.js';

/** The browser's cookie, read when a request is made (never at import time; none in Node). */
function browserCookie(): string | undefined {
  const cookies = documentCookie();
  return cookies === undefined ? undefined : readCookie(cookies, xsrfCookieName);
}

/**
 * Echoes the `XSRF-TOKEN` cookie in the `X-XSRF-TOKEN` header of every state-changing request
 * (the contract's double-submit token). In a browser the cookie is read from `document.cookie`;
 * elsewhere pass `cookie`, a getter, and the middleware also sends the cookie itself
 * (`Cookie: XSRF-TOKEN=<value>`), since Node's fetch has no cookie jar.
 */
export function xsrfToken(cookie?: () => string | null | undefined): HeadMiddleware {
  return headMiddleware(({ method, headers }) => {
    if (xsrfSafeMethods.has(method)) return;
    const value = cookie ? cookie() : browserCookie();
    if (!value) return;
    headers.set(xsrfHeaderName, value);
    if (cookie) {
      const pair = `${xsrfCookieName}=${encodeURIComponent(value)}`;
      const existing = headers.get('Cookie');
      if (existing === null) headers.set('Cookie', pair);
      else if (readCookie(existing, xsrfCookieName) === undefined) headers.set('Cookie', `${existing}; ${pair}`);
    }
  });
}
