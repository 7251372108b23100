/**
 * How every call reaches the wire and how its failures read, through the friendly layer on an
 * injected fetch: the status bands of section 8, network failures, bodies that are not JSON,
 * cancelling, headers and query serialisation.
 */
import { describe, expect, it } from 'vitest';
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
    const response = body === undefined ? new Response(null, { status }) : typeof body === 'string' ? new Response(body, { status }) : json(body, status);
    const { client } = fakeClient(() => response);
    const error = await rejection(client.forms.completed());
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, code: null, message });
  });

  it.each([301, 400, 404, 499, 500, 503])("status %i with a message reads the server's message", async (status) => {
    const { client } = fakeClient(() => json({ message: `Server says ${status}.` }, status));
    expect(await rejection(client.workflow.list())).toMatchObject({ status, message: `Server says ${status}.` });
  });

  it('a network failure (a TypeError from fetch) reads the unexpected text, with status 0 and the cause', async () => {
    const cause = new TypeError('fetch failed');
    const { client } = fakeClient(() => {
      throw cause;
    });
    const error = await rejection(client.forms.pending());
    expect(error).toMatchObject({ status: 0, code: null, message: unexpected });
    expect((error as ApiError).cause).toBe(cause);
  });

  it('a 200 whose body is not JSON reads the unexpected text, with its status', async () => {
    const { client } = fakeClient(() => new Response('<html>proxy login</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    expect(await rejection(client.settings.get())).toMatchObject({ status: 200, message: unexpected });
  });

  it('a success without a body reads the unexpected text', async () => {
    const { client } = fakeClient(() => new Response(null, { status: 204 }));
    expect(await rejection(client.settings.get())).toMatchObject({ status: 204, message: unexpected });
    const empty = fakeClient(() => new Response('', { status: 200, headers: { 'Content-Length': '0' } }));
    expect(await rejection(empty.client.settings.get())).toMatchObject({ status: 200, message: unexpected });
  });

  it('a failing application code in a 200 body is thrown with status 200 and the code', async () => {
    const { client } = fakeClient(() => json({ code: -1, message: '' }));
    expect(await rejection(client.auth.activate({ key: 'k' }))).toMatchObject({ status: 200, code: -1, message: 'This activation link is not valid.' });
  });

  it('a relative base URL where there is no page to resolve it against is a failure too', async () => {
    const client = createFormsignClient({ fetch: () => Promise.resolve(json(page)) });
    expect(await rejection(client.forms.completed())).toMatchObject({ status: 0, message: unexpected });
  });
});

describe('cancelling', () => {
  it('passes the signal to fetch and rejects with its reason, not an ApiError', async () => {
    const controller = new AbortController();
    const { client, server } = fakeClient(() => new Promise<Response>(() => undefined));
    const call = client.workflow.list({}, { signal: controller.signal });
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.last().signal.aborted).toBe(false);
    controller.abort();
    const error = await rejection(call);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('an already aborted signal rejects without an ApiError', async () => {
    const { client } = fakeClient(() => json(page));
    const error = await rejection(client.forms.completed({}, { signal: AbortSignal.abort(new Error('left the page')) }));
    expect(error).toEqual(new Error('left the page'));
  });

  it('has no time-out of its own', async () => {
    const { client } = fakeClient(() => new Promise<Response>((resolve) => setTimeout(() => resolve(json(page)), 50)));
    await expect(client.forms.completed()).resolves.toEqual(page);
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
    expect(server.requests.map((request) => [request.headers.get('Prefer'), request.headers.get('X-Client'), request.headers.get('X-Call')])).toEqual([
      ['example=empty', 'web', null],
      ['code=500, example=noMessage', 'web', null],
      ['example=ok', 'web', '1'],
    ]);
  });

  it('sends no token when the source has none', async () => {
    const { client, server } = fakeClient(() => json({ code: 1, message: '' }), { token: () => null });
    await client.auth.forgotPassword({ email: 'a@b.example' });
    expect(server.last().headers.has('Authorization')).toBe(false);
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
