import { headMiddleware, type HeadMiddleware } from './head-middleware.js';

export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'X-XSRF-TOKEN';

/** Methods that change nothing: they carry no cross-site request token. */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** The value of cookie `name` in a `Cookie` header or `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at === -1 || pair.slice(0, at).trim() !== name) continue;
    const value = pair.slice(at + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** The browser's cookie, read when a request is made (never at import time; none in Node). */
function browserCookie(): string | undefined {
  return typeof document === 'undefined' ? undefined : readCookie(document.cookie, xsrfCookieName);
}

/**
 * Echoes the `XSRF-TOKEN` cookie in the `X-XSRF-TOKEN` header of every state-changing request
 * (the contract's double-submit token). In a browser the cookie is read from `document.cookie`;
 * elsewhere pass `cookie`, a getter, and the middleware also sends the cookie itself
 * (`Cookie: XSRF-TOKEN=<value>`), since Node's fetch has no cookie jar.
 */
export function xsrfToken(cookie?: () => string | null | undefined): HeadMiddleware {
  return headMiddleware(({ method, headers }) => {
    if (safeMethods.has(method)) return;
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
