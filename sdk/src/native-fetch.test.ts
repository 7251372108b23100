import { afterEach, describe, expect, it, vi } from 'vitest';
import { nativeFetch, sourcedRequestClass } from './native-fetch.js';

const SourcedRequest = sourcedRequestClass();

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Stubs the global fetch; answers the requests it would have sent, as `Request`s. */
function stubFetch(): Request[] {
  const sent: Request[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(new Request(input, init));
    return new Response('{}');
  });
  return sent;
}

describe('nativeFetch', () => {
  it("sends the SDK's requests by URL and init, with the headers middleware set", async () => {
    const sent = stubFetch();
    const controller = new AbortController();
    const request = new SourcedRequest('http://formsign.test/api/contact', { method: 'POST', body: '{"a":1}', headers: { 'Content-Type': 'application/json' }, signal: controller.signal });
    request.headers.set('Authorization', 'Bearer t');
    await nativeFetch(request);
    const [out] = sent;
    expect(out).not.toBe(request);
    expect(out?.url).toBe('http://formsign.test/api/contact');
    expect(out?.method).toBe('POST');
    expect(out?.headers.get('Authorization')).toBe('Bearer t');
    expect(await out?.text()).toBe('{"a":1}');
    controller.abort();
    expect(out?.signal.aborted).toBe(true);
  });

  it('hands other requests, forms and streams to fetch as they are', async () => {
    const seen: unknown[] = [];
    vi.stubGlobal('fetch', async (input: unknown, init?: unknown) => {
      seen.push([input, init]);
      return new Response('{}');
    });
    const form = new FormData();
    form.set('function', 'subtitle');
    const requests = [
      new Request('http://formsign.test/api/user'),
      new SourcedRequest('http://formsign.test/api/save', { method: 'POST', body: form }),
      new SourcedRequest('http://formsign.test/api/save', { method: 'POST', body: new Blob(['x']).stream(), duplex: 'half' } as RequestInit),
    ];
    for (const request of requests) await nativeFetch(request);
    expect(seen).toEqual(requests.map((request) => [request, undefined]));
  });

  it('lets a middleware return any Request (openapi-fetch checks with instanceof the client class)', () => {
    expect(new Request('http://formsign.test/') instanceof SourcedRequest).toBe(true);
    expect({} instanceof SourcedRequest).toBe(false);
  });

  it('keeps a multipart body and its boundary together', async () => {
    const sent = stubFetch();
    const form = new FormData();
    form.set('function', 'subtitle');
    form.set('data', '{"label":"English"}');
    await nativeFetch(new SourcedRequest('http://formsign.test/api/save', { method: 'POST', body: form }));
    const parsed = await sent[0]?.formData();
    expect(parsed?.get('data')).toBe('{"label":"English"}');
  });
});
