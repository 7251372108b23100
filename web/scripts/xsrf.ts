/**
 * The cross-site request token pair (section 9): the server side sets an `XSRF-TOKEN` cookie
 * with a random value; the client echoes it in `X-XSRF-TOKEN`; signed-in state-changing
 * requests whose header does not match the cookie are refused. Shared by the production
 * server (`serve.ts`) and the Vite dev server.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'x-xsrf-token';
export const xsrfRefusal = { message: 'The request could not be verified. Please reload the page and try again.' };

export function readCookie(request: IncomingMessage, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Sets the cookie when the browser does not have one yet. */
export function issueXsrfCookie(request: IncomingMessage, response: ServerResponse): void {
  if (readCookie(request, xsrfCookieName)) return;
  const value = randomBytes(24).toString('base64url');
  response.appendHeader('Set-Cookie', `${xsrfCookieName}=${value}; Path=/; SameSite=Strict`);
}

/** Whether a request to the API passes the double-submit check. */
export function passesXsrfCheck(request: IncomingMessage): boolean {
  const method = (request.method ?? 'GET').toUpperCase();
  const safe = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
  if (safe || !request.headers.authorization) return true;
  const cookie = readCookie(request, xsrfCookieName);
  const header = request.headers[xsrfHeaderName];
  return Boolean(cookie) && cookie === header;
}
