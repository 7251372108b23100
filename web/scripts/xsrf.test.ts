import type { IncomingMessage } from 'node:http';
import { xsrfToken } from '@formsign/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passesXsrfCheck } from './xsrf.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A signed-in state-changing request to the API as Node hands it to the server. */
function apiRequest(headers: Record<string, string>, method = 'POST'): IncomingMessage {
  return { method, headers: { authorization: 'Bearer token', ...headers } } as unknown as IncomingMessage;
}

/** The X-XSRF-TOKEN header the SDK sends from a browser whose cookies are `cookies`. */
function headerSentBySdk(cookies: string): string {
  vi.stubGlobal('document', { cookie: cookies });
  const headers = new Headers();
  xsrfToken().editHead({ method: 'POST', headers });
  return headers.get('X-XSRF-TOKEN') ?? '';
}

describe('the server side of the XSRF pair', () => {
  it.each(['k3Jx_9-aZ', 'abc%3D%3D', 'a=b', '%E0%A4%A'])('accepts the header the SDK sends for the cookie value %s', (value) => {
    const cookie = `lang=en; XSRF-TOKEN=${value}`;
    expect(passesXsrfCheck(apiRequest({ cookie, 'x-xsrf-token': headerSentBySdk(cookie) }))).toBe(true);
  });

  it('refuses a header that does not match, and a missing cookie', () => {
    expect(passesXsrfCheck(apiRequest({ cookie: 'XSRF-TOKEN=%E0%A4%A', 'x-xsrf-token': 'forged' }))).toBe(false);
    expect(passesXsrfCheck(apiRequest({ 'x-xsrf-token': 'forged' }))).toBe(false);
  });

  it('lets safe methods and signed-out requests through', () => {
    expect(passesXsrfCheck(apiRequest({}, 'GET'))).toBe(true);
    expect(passesXsrfCheck({ method: 'POST', headers: {} } as unknown as IncomingMessage)).toBe(true);
  });
});
