/**
 * The cross-site request token pair: the server side sets an `XSRF-TOKEN` cookie
 * with a random value; the client echoes it in `X-XSRF-TOKEN`; signed-in state-changing
 * requests whose header does not match the cookie are refused. Shared by the production
 * server (`serve.ts`) and the Vite dev server. The names and the cookie reader are the SDK's
 * (`@formsign/sdk/contract`), so both sides of the pair read it alike.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readCookie, xsrfCookieName, xsrfHeaderName, xsrfSafeMethods } from '@formsign/sdk/contract';

export const xsrfRefusal = { message: 'The request could not be verified. Please reload the page and try again.' };

/** The request's XSRF cookie, or undefined. */
function xsrfCookie(request: IncomingMessage): string | undefined {
  return readCookie(request.headers.cookie ?? '', xsrfCookieName);
}

/** Sets the cookie when the browser does not have one yet. */
export function issueXsrfCookie(request: IncomingMessage, response: ServerResponse): void {
  if (xsrfCookie(request)) return;
  const value = randomBytes(24).toString('base64url');
  response.appendHeader('Set-Cookie', `${xsrfCookieName}=${value}; Path=/; SameSite=Strict`);
}

/** Whether a request to the API passes the double-submit check. */
export function passesXsrfCheck(request: IncomingMessage): boolean {
  const method = (request.method ?? 'GET').toUpperCase();
  if (xsrfSafeMethods.has(method) || !request.headers.authorization) return true;
  const cookie = xsrfCookie(request);
  // Node lowercases the names of incoming headers.
  const header = request.headers[xsrfHeaderName.toLowerCase()];
  return Boolean(cookie) && cookie === header;
}
