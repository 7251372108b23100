/**
 * The cookies the server sets: the XSRF double-submit token (readable by the page, which
 * echoes it in X-XSRF-TOKEN) and the refresh token (HttpOnly, sent only to `/api/refresh`).
 * Both are `Secure` when the app is reached over HTTPS.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { xsrfCookieName, xsrfHeaderName } from '@formsign/sdk/contract';

export { xsrfCookieName };
export const refreshCookieName = 'formsign-refresh';
export const refreshCookiePath = '/api/refresh';

/** Whether the request reached the app over HTTPS (directly, or through a trusted proxy). */
export function overHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** Sets the XSRF cookie when the browser has none yet; answers its value. */
export function ensureXsrfCookie(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[xsrfCookieName];
  if (existing) return existing;
  const value = randomBytes(24).toString('base64url');
  reply.setCookie(xsrfCookieName, value, { path: '/', sameSite: 'strict', secure: overHttps(request), httpOnly: false });
  return value;
}

/** The double-submit check: the header echoes the cookie. */
export function passesXsrf(request: FastifyRequest): boolean {
  const cookie = request.cookies[xsrfCookieName];
  const header = request.headers[xsrfHeaderName.toLowerCase()];
  if (!cookie || typeof header !== 'string' || header.length !== cookie.length) return false;
  return timingSafeEqual(Buffer.from(header), Buffer.from(cookie));
}

export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string, days: number): void {
  reply.setCookie(refreshCookieName, token, {
    path: refreshCookiePath,
    httpOnly: true,
    sameSite: 'strict',
    secure: overHttps(request),
    maxAge: days * 24 * 60 * 60,
  });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(refreshCookieName, { path: refreshCookiePath, httpOnly: true, sameSite: 'strict', secure: overHttps(request) });
}
