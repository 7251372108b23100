/**
 * How every call reaches the wire and how its failures read, through the friendly layer on an
 * injected fetch: the catalogue's status bands, what kind of failure each is (an HTTP answer,
 * the network, a time-out, a cancellation), the optional time-out and retries, headers and
 * query serialisation.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeClient, json, rejection, token } from '../test/support/fake-fetch.js';
import { clientError, serverError, unexpected } from '../test/support/texts.js';
import { ApiError } from './api-error.js';
import { createFormsignClient } from './client.js';

const page = { page: 1, limit: 25, total: 0, data: [] };

describe('failures by status band', () => {
  it.each([
    { status: 301, body: undefined, message: unexpected },
    { status: 304, body: undefined, message: unexpected },
    { status: 400, body: {}, message: clientError },
    { status: 401, body: { message: '' }, message: clientError },
    { status: 404, body: {}, message: clientError },
    { status: 499, body: 'plain text', message: clientError },
    { status: 500, body: {}, message: serverError },
    { status: 503, body: '<html>busy</html>', message: serverError },
  ])('status $status without a message reads $message', async ({ status, body, message }) => {
    const response =
      body === undefined ? new Response(null, { status }) : typeof body === 'string' ? new Response(body, { status }) : json(body, status);
    const { client } = fakeClient(() => response);
    const error = await rejection(client.forms.completed());
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status, code: null, message });
  });

  it.each([301, 400, 404, 499, 500, 503])("status %i with a message reads the server's message", async (status) => {
    const { client } = fakeClient(() => json({ message: `Server says ${status}.` }, status));
    expect(await rejection(client.workflow.list())).toMatchObject({ status, message: `Server says ${status}.` });
  });

  it('a network failure (a TypeError from fetch) is of kind network, reads the unexpected text, with status 0 and the cause', async () => {
    const cause = new TypeError('fetch failed');
    const { client } = fakeClient(() => {
      throw cause;
    });
    const error = await rejection(client.forms.pending());
    expect(error).toMatchObject({ kind: 'network', status: 0, code: null, message: unexpected });
    expect((error as ApiError).cause).toBe(cause);
  });

  it('a 200 whose body is not JSON reads the unexpected text, with its status', async () => {
    const { client } = fakeClient(() => new Response('<html>proxy login</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    expect(await rejection(client.settings.get())).toMatchObject({ kind: 'http', status: 200, message: unexpected });
  });

  it('a success without a body reads the unexpected text', async () => {
    const { client } = fakeClient(() => new Response(null, { status: 204 }));
    expect(await rejection(client.settings.get())).toMatchObject({ status: 204, message: unexpected });
    const empty = fakeClient(() => new Response('', { status: 200, headers: { 'Content-Length': '0' } }));
    expect(await rejection(empty.client.settings.get())).toMatchObject({ status: 200, message: unexpected });
  });

  it('a failing application code in a 200 body is thrown with status 200 and the code', async () => {
    const { client } = fakeClient(() => json({ code: -1, message: '' }));
    expect(await rejection(client.auth.activate({ key: 'k' }))).toMatchObject({
      kind: 'http',
      status: 200,
      code: -1,
      message: 'This activation link is not valid.',
    });
  });
});

describe('the base URL', () => {
  it('a relative one where there is no page to resolve it against is refused when the client is made', () => {
    expect(() => createFormsignClient({ fetch: () => Promise.resolve(json(page)) })).toThrow(
      /the base URL "\/api" is relative and there is no page to resolve it against.*baseUrl: 'https:\/\/formsign\.example\/api'/,
    );
    expect(() => createFormsignClient({ baseUrl: 'api/v1' })).toThrow(TypeError);
  });

  it('a relative one is kept where a page resolves it', async () => {
    vi.stubGlobal('location', { href: 'https://app.formsign.example/dashboard' });
    const seen: string[] = [];
    vi.stubGlobal('fetch', (request: Request) => {
      seen.push(request.url);
      return Promise.resolve(json(page));
    });
    // Node's Request needs an absolute URL; a browser resolves the relative one against the page.
    vi.stubGlobal(
      'Request',
      class extends Request {
        constructor(input: string | Request, init?: RequestInit) {
          super(typeof input === 'string' ? new URL(input, 'https://app.formsign.example/dashboard') : input, init);
        }
      },
    );
    await createFormsignClient().workflow.list({ page: 2 });
    expect(seen).toEqual(['https://app.formsign.example/api/workflow?page=2']);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('cancelling', () => {
  it('passes the signal to fetch and rejects with an ApiError of kind aborted, the reason as its cause', async () => {
    const controller = new AbortController();
    const { client, server } = fakeClient(() => new Promise<Response>(() => undefined));
    const call = client.workflow.list({}, { signal: controller.signal });
    await vi.waitUntil(() => server.requests.length === 1);
    expect(server.last().signal.aborted).toBe(false);
    controller.abort();
    const error = await rejection(call);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'aborted', status: 0, code: null, message: unexpected });
    expect((error as ApiError).cause).toMatchObject({ name: 'AbortError' });
  });

  it('an already aborted signal rejects with kind aborted, and nothing is sent', async () => {
    const { client, server } = fakeClient(() => json(page));
    const reason = new Error('left the page');
    const error = await rejection(client.forms.completed({}, { signal: AbortSignal.abort(reason) }));
    expect(error).toMatchObject({ kind: 'aborted', status: 0 });
    expect((error as ApiError).cause).toBe(reason);
    expect(server.requests).toHaveLength(0);
  });

  it('a signal of AbortSignal.timeout() that runs out is a time-out, not a DOMException', async () => {
    const { client } = fakeClient(() => new Promise<Response>(() => undefined));
    const reason = new DOMException('The operation timed out.', 'TimeoutError');
    const error = await rejection(client.forms.completed({}, { signal: AbortSignal.abort(reason) }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'timeout', status: 0, message: unexpected });
  });

  it('keeps the rule of the call: a cancelled web signing reads the form-load text', async () => {
    const { client } = fakeClient(() => json({}));
    const error = await rejection(
      client.signing.call({ function: 'load', id: 'p1', refs: '', token: '', uuid: 'u1' }, { signal: AbortSignal.abort() }),
    );
    expect(error).toMatchObject({ kind: 'aborted', message: 'The form couldn’t be loaded. If this keeps happening, please contact support.' });
  });
});

describe('the time-out', () => {
  it('is off by default: a slow answer still arrives', async () => {
    vi.useFakeTimers();
    const { client } = fakeClient(() => new Promise<Response>((resolve) => setTimeout(() => resolve(json(page)), 600_000)));
    const call = client.forms.completed();
    await vi.advanceTimersByTimeAsync(600_000);
    await expect(call).resolves.toEqual(page);
  });

  it('when given, fails a call that takes longer with an ApiError of kind timeout, and aborts its request', async () => {
    vi.useFakeTimers();
    const { client, server } = fakeClient(() => new Promise<Response>(() => undefined), { timeout: 5_000 });
    const call = rejection(client.forms.completed());
    await vi.advanceTimersByTimeAsync(4_999);
    expect(server.last().signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await call).toMatchObject({ kind: 'timeout', status: 0, message: unexpected });
    expect(server.last().signal.aborted).toBe(true);
  });

  it("does not touch a call that answers in time, and still passes the caller's cancellation", async () => {
    vi.useFakeTimers();
    const { client } = fakeClient(() => json(page), { timeout: 5_000 });
    await expect(client.forms.completed()).resolves.toEqual(page);
    const controller = new AbortController();
    const slow = fakeClient(() => new Promise<Response>(() => undefined), { timeout: 5_000 });
    const call = rejection(slow.client.forms.completed({}, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await call).toMatchObject({ kind: 'aborted' });
  });
});

describe('retries', () => {
  /** A handler that answers each request with the next of `answers` (the last one after that). */
  function answering(...answers: Array<() => Response>) {
    let index = 0;
    return () => {
      const answer = answers[Math.min(index, answers.length - 1)];
      index += 1;
      if (!answer) throw new Error('no answer');
      return answer();
    };
  }
  const networkFailure = (): Response => {
    throw new TypeError('fetch failed');
  };

  it('are off by default', async () => {
    const { client, server } = fakeClient(answering(networkFailure, () => json(page)));
    expect(await rejection(client.forms.completed())).toMatchObject({ kind: 'network' });
    expect(server.requests).toHaveLength(1);
  });

  it('try an idempotent call again after a network failure or a 502/503/504, waiting longer each time', async () => {
    vi.useFakeTimers();
    const { client, server } = fakeClient(
      answering(
        networkFailure,
        () => new Response(null, { status: 503 }),
        () => json(page),
      ),
      { retry: { retries: 3, minDelay: 100, maxDelay: 1_000 } },
    );
    const call = client.forms.completed();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(server.requests).toHaveLength(2);
    // The second wait is between 100 and 200 ms (half the doubled ceiling, plus jitter).
    await vi.advanceTimersByTimeAsync(200);
    expect(server.requests).toHaveLength(3);
    await expect(call).resolves.toEqual(page);
  });

  it('give up after the number of retries, with the last failure', async () => {
    vi.useFakeTimers();
    const { client, server } = fakeClient(() => new Response(null, { status: 502 }), { retry: { retries: 2, minDelay: 10, maxDelay: 10 } });
    const call = rejection(client.forms.completed());
    await vi.advanceTimersByTimeAsync(100);
    expect(await call).toMatchObject({ kind: 'http', status: 502, message: serverError });
    expect(server.requests).toHaveLength(3);
  });

  it('do not repeat a call that may have changed something (POST), nor a 500 or a 4xx', async () => {
    vi.useFakeTimers();
    const post = fakeClient(networkFailure, { retry: true });
    const contact = rejection(post.client.support.contact({ subject: 's', message: 'm' }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await contact).toMatchObject({ kind: 'network' });
    expect(post.server.requests).toHaveLength(1);
    for (const status of [500, 400, 404]) {
      const { client, server } = fakeClient(() => new Response(null, { status }), { retry: true });
      const call = rejection(client.forms.completed());
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await call).toMatchObject({ status });
      expect(server.requests).toHaveLength(1);
    }
  });

  it('wait for Retry-After on a 429 or a 503, for any call', async () => {
    vi.useFakeTimers();
    const { client, server } = fakeClient(
      answering(
        () => json({}, 429, { 'Retry-After': '2' }),
        () => json({ code: 1, message: '' }),
      ),
      { retry: { minDelay: 1, maxDelay: 5_000 } },
    );
    const call = client.support.contact({ subject: 's', message: 'm' });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(2);
    await expect(call).resolves.toEqual({ code: 1, message: '' });
  });

  it('do not wait for a Retry-After longer than the longest wait', async () => {
    const { client, server } = fakeClient(() => json({}, 503, { 'Retry-After': '3600' }), { retry: { maxDelay: 10_000 } });
    expect(await rejection(client.forms.completed())).toMatchObject({ kind: 'http', status: 503 });
    expect(server.requests).toHaveLength(1);
  });

  it('try a call that timed out again, and stop when the caller cancels during a wait', async () => {
    vi.useFakeTimers();
    const { client, server } = fakeClient(
      answering(
        () => new Promise<Response>(() => undefined) as unknown as Response,
        () => json(page),
      ),
      { timeout: 1_000, retry: { minDelay: 50, maxDelay: 50 } },
    );
    const call = client.forms.completed();
    await vi.advanceTimersByTimeAsync(1_050);
    await expect(call).resolves.toEqual(page);
    expect(server.requests).toHaveLength(2);

    const controller = new AbortController();
    const failing = fakeClient(networkFailure, { retry: { minDelay: 1_000, maxDelay: 1_000 } });
    const cancelled = rejection(failing.client.forms.completed({}, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await cancelled).toMatchObject({ kind: 'aborted' });
    expect(failing.server.requests).toHaveLength(1);
  });
});

describe('headers', () => {
  it('sends the token, the XSRF pair on state-changing calls, and JSON', async () => {
    const { client, server } = fakeClient(() => json({ code: 1, message: '' }));
    await client.support.contact({ subject: 'Hello', message: 'World' });
    const request = server.last();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('http://formsign.test/api/contact');
    expect(Object.fromEntries(request.headers)).toMatchObject({
      authorization: `Bearer ${token}`,
      'x-xsrf-token': 'xsrf',
      cookie: 'XSRF-TOKEN=xsrf',
      'content-type': 'application/json',
    });
    expect(await request.json()).toEqual({ subject: 'Hello', message: 'World' });
  });

  it('takes client headers (fixed or a function) and lets a call override them', async () => {
    let prefer = 'example=empty';
    const { client, server } = fakeClient(() => json(page), { headers: () => ({ Prefer: prefer, 'X-Client': 'web' }) });
    await client.forms.completed();
    prefer = 'example=ok';
    await client.forms.completed({}, { headers: [['Prefer', 'code=500, example=noMessage']] });
    await client.forms.completed({}, { headers: new Headers({ 'X-Call': '1' }) });
    expect(server.requests.map((request) => [request.headers.get('Prefer'), request.headers.get('X-Client'), request.headers.get('X-Call')])).toEqual(
      [
        ['example=empty', 'web', null],
        ['code=500, example=noMessage', 'web', null],
        ['example=ok', 'web', '1'],
      ],
    );
  });

  it('sends no token when the source has none', async () => {
    const { client, server } = fakeClient(() => json({ code: 1, message: '' }), { token: () => null });
    await client.auth.forgotPassword({ email: 'a@b.example' });
    expect(server.last().headers.has('Authorization')).toBe(false);
  });

  it('with an API key sends it as the bearer, and no XSRF pair nor token in a body, even when a cookie getter is given', async () => {
    const key = `fs_live_${'k'.repeat(43)}`;
    const { client, server } = fakeClient(() => json({ code: 1, message: '', data: [] }), { apiKey: key });
    await client.support.contact({ subject: 'Hello', message: 'World' });
    await client.templates.listing();
    const [contact, listing] = server.requests;
    expect(contact?.headers.get('Authorization')).toBe(`Bearer ${key}`);
    expect(contact?.headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(contact?.headers.has('Cookie')).toBe(false);
    expect(await listing?.json()).toEqual({ search: '', token: '' });
  });

  it('refuses an API key that is not one', () => {
    expect(() => createFormsignClient({ baseUrl: 'http://formsign.test/api', apiKey: 'at.eyJzdWIiOiIxIn0' })).toThrow('apiKey: not an fs_live_ key');
  });
});

describe('query serialisation', () => {
  it('sends filters as a deepObject, after paging', async () => {
    const { client, server } = fakeClient(() => json(page));
    await client.forms.completed({ page: 2, limit: 10, filters: { search: 'care plan', from: '2026-11-01', to: undefined } });
    expect(server.last().url).toBe('http://formsign.test/api/completed-forms?page=2&limit=10&filters[search]=care%20plan&filters[from]=2026-11-01');
  });

  it('leaves out absent values and empty filters', async () => {
    const { client, server } = fakeClient(() => json(page));
    await client.workflow.list({ page: undefined, filters: {} });
    expect(server.last().url).toBe('http://formsign.test/api/workflow');
    await client.workflow.list({ filters: {}, limit: 5 });
    expect(server.last().url).toBe('http://formsign.test/api/workflow?limit=5');
  });

  it('sends the storage data as a deepObject too', async () => {
    const { client, server } = fakeClient(() => json({ files: [], save: { enabled: true, folder: '', folders: [], used: 0, quota: 1 } }));
    await client.storage.manage({ data: { action: 'save', form: 5124 }, stored: '' });
    expect(server.last().url).toBe('http://formsign.test/api/manage-storage?data[action]=save&data[form]=5124&stored=');
  });
});

describe('middleware of your own on client.raw', () => {
  it('sees the friendly calls too, and can be taken out again', async () => {
    const { client, server } = fakeClient(() => json(page));
    const trace = {
      onRequest({ request }: { request: Request }) {
        request.headers.set('X-Trace', 't1');
        return undefined;
      },
    };
    await client.workflow.list();
    client.raw.use(trace);
    await client.workflow.list();
    client.raw.eject(trace);
    await client.workflow.list();
    expect(server.requests.map((request) => request.headers.get('X-Trace'))).toEqual([null, 't1', null]);
  });

  it("runs before the SDK's rules, which still apply to the request it returns", async () => {
    const { client, server } = fakeClient(() => json({ code: 1, message: '' }));
    client.raw.use({
      onRequest({ request }) {
        return new Request(`${request.url}/`, { method: request.method, headers: request.headers, body: 'moved' });
      },
    });
    await client.support.contact({ subject: 's', message: 'm' });
    const sent = server.last();
    expect(sent.url).toBe('http://formsign.test/api/contact');
    expect(sent.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(sent.headers.get('X-XSRF-TOKEN')).toBe('xsrf');
    expect(await sent.text()).toBe('moved');
  });

  it('may return a new Request, which is what gets sent', async () => {
    const { client, server } = fakeClient(() => json(page));
    client.raw.use({
      onRequest({ request }) {
        return new Request(`${request.url}?trace=1`, request);
      },
    });
    await client.forms.completed();
    expect(server.last().url).toBe('http://formsign.test/api/completed-forms?trace=1');
  });
});
