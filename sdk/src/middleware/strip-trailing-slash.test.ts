import { describe, expect, it } from 'vitest';
import { json } from '../../test/support/fake-fetch.js';
import { rawClientWith } from '../../test/support/raw-client.js';
import { stripTrailingSlash, withoutTrailingSlash } from './strip-trailing-slash.js';

/** Calls a path the contract does not spell, as a hand-built URL would. */
type AnyPath = '/workflow';

describe('stripTrailingSlash', () => {
  it('removes trailing slashes from the path and keeps the query', async () => {
    const { client, server } = rawClientWith(stripTrailingSlash());
    await client.GET('/workflow/' as AnyPath, { params: { query: { page: 2 } } });
    expect(server.last().url).toBe('http://formsign.test/api/workflow?page=2');
    await client.GET('/workflow//' as AnyPath);
    expect(server.last().url).toBe('http://formsign.test/api/workflow');
  });

  it('leaves a path without a trailing slash as it is, even with a slash in the query', async () => {
    let seen: Request | undefined;
    const { client } = rawClientWith(stripTrailingSlash(), (request) => {
      seen = request;
      return json({});
    });
    await client.GET('/workflow', { params: { query: { filters: { search: 'a/' } } } });
    expect(seen?.url).toBe('http://formsign.test/api/workflow?filters[search]=a%2F');
  });

  it('keeps the method, headers, body and signal of a rebuilt request', async () => {
    const controller = new AbortController();
    const { client, server } = rawClientWith(stripTrailingSlash());
    await client.POST('/contact/' as '/contact', {
      body: { subject: 'Invoice', message: 'Again, please.' },
      headers: { 'X-Trace': 't1' },
      signal: controller.signal,
    });
    const request = server.last();
    expect(request.url).toBe('http://formsign.test/api/contact');
    expect(request.method).toBe('POST');
    expect(request.headers.get('X-Trace')).toBe('t1');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(await request.json()).toEqual({ subject: 'Invoice', message: 'Again, please.' });
    controller.abort();
    expect(request.signal.aborted).toBe(true);
  });

  it('keeps the root path', async () => {
    const { client, server } = rawClientWith(stripTrailingSlash());
    await client.GET('/' as AnyPath, { baseUrl: 'http://formsign.test' });
    expect(server.last().url).toBe('http://formsign.test/');
  });
});

describe('withoutTrailingSlash', () => {
  it.each([
    ['http://formsign.test/api/workflow/', 'http://formsign.test/api/workflow'],
    ['http://formsign.test/api/workflow//?page=2#top', 'http://formsign.test/api/workflow?page=2#top'],
    ['/api/workflow/', '/api/workflow'],
    ['/api/workflow/?filters[search]=a/', '/api/workflow?filters[search]=a/'],
  ])('strips %s to %s', (url, stripped) => {
    expect(withoutTrailingSlash(url)).toBe(stripped);
  });

  it.each(['http://formsign.test/api/workflow', 'http://formsign.test/', 'http://formsign.test', '/', '/api/workflow?next=/a/', ''])(
    'leaves %s alone',
    (url) => {
      expect(withoutTrailingSlash(url)).toBeUndefined();
    },
  );
});
