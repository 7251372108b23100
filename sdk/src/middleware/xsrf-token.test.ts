import { afterEach, describe, expect, it, vi } from 'vitest';
import { rawClientWith } from '../../test/support/raw-client.js';
import { xsrfToken } from './xsrf-token.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('xsrfToken in a browser (document.cookie)', () => {
  it('echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN on state-changing requests, without a Cookie header', async () => {
    vi.stubGlobal('document', { cookie: 'lang=en; XSRF-TOKEN=from-cookie' });
    const { client, server } = rawClientWith(xsrfToken());
    await client.POST('/logout');
    await client.PUT('/user', { body: { data: {} } });
    for (const request of server.requests) {
      expect(request.headers.get('X-XSRF-TOKEN')).toBe('from-cookie');
      expect(request.headers.has('Cookie')).toBe(false);
    }
  });

  it('reads the cookie when a request is made, never at import time', async () => {
    let reads = 0;
    vi.stubGlobal('document', {
      get cookie() {
        reads += 1;
        return `XSRF-TOKEN=read-${reads}`;
      },
    });
    vi.resetModules();
    const fresh = await import('./xsrf-token.js');
    const { client, server } = rawClientWith(fresh.xsrfToken());
    expect(reads).toBe(0);
    await client.POST('/logout');
    await client.POST('/logout');
    expect(server.requests.map((request) => request.headers.get('X-XSRF-TOKEN'))).toEqual(['read-1', 'read-2']);
  });

  it('sends nothing without the cookie, or on GET', async () => {
    vi.stubGlobal('document', { cookie: 'lang=en' });
    const { client, server } = rawClientWith(xsrfToken());
    await client.POST('/logout');
    expect(server.last().headers.has('X-XSRF-TOKEN')).toBe(false);
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=x' });
    await client.GET('/user');
    expect(server.last().headers.has('X-XSRF-TOKEN')).toBe(false);
  });
});

describe('xsrfToken in Node (a cookie getter)', () => {
  it('sends the header and the cookie itself', async () => {
    const { client, server } = rawClientWith(xsrfToken(() => 'test'));
    await client.POST('/contact', { body: { subject: 's', message: 'm' } });
    expect(server.last().headers.get('X-XSRF-TOKEN')).toBe('test');
    expect(server.last().headers.get('Cookie')).toBe('XSRF-TOKEN=test');
  });

  it('adds the cookie to a Cookie header the call already has', async () => {
    const { client, server } = rawClientWith(xsrfToken(() => 'test'));
    await client.POST('/logout', { headers: { Cookie: 'session=s1' } });
    expect(server.last().headers.get('Cookie')).toBe('session=s1; XSRF-TOKEN=test');
  });

  it('leaves GET requests alone and sends nothing when the getter has no value', async () => {
    const { client, server } = rawClientWith(xsrfToken(() => null));
    await client.POST('/logout');
    await client.GET('/user');
    for (const request of server.requests) {
      expect(request.headers.has('X-XSRF-TOKEN')).toBe(false);
      expect(request.headers.has('Cookie')).toBe(false);
    }
  });

  it('does not read document.cookie when a getter is given', async () => {
    vi.stubGlobal('document', {
      get cookie(): string {
        throw new Error('document.cookie read');
      },
    });
    const { client, server } = rawClientWith(xsrfToken(() => 'getter'));
    await client.POST('/logout');
    expect(server.last().headers.get('X-XSRF-TOKEN')).toBe('getter');
  });
});
