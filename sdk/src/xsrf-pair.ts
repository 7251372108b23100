/**
 * The cross-site request token pair of the contract: the `XSRF-TOKEN` cookie the
 * server sets, echoed by the client in the `X-XSRF-TOKEN` header of state-changing requests,
 * and the one reader of a cookie string. Shared by the SDK's middleware and every server
 * (the web app's server, the reference server), so both sides read the pair alike. No DOM,
 * no Node: exported from `@formsign/sdk/contract` too.
 */

export const xsrfCookieName = 'XSRF-TOKEN';
/** As the client sends it; HTTP header names are case-insensitive (Node lowercases them: `x-xsrf-token`). */
export const xsrfHeaderName = 'X-XSRF-TOKEN';

/** Methods that change nothing: they carry no cross-site request token and need none. */
export const xsrfSafeMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/**
 * The value of cookie `name` in a `Cookie` header or `document.cookie` string, percent-decoded
 * when it is valid percent-encoding and as sent otherwise (a malformed value never throws);
 * undefined when the cookie is absent.
 */
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
