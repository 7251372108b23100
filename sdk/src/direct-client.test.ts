/**
 * The friendly layer's direct calls against the same calls through openapi-fetch (`raw`, taken
 * once the raw client has middleware of its own): for every operation, the same request on
 * the wire and the same outcome for every kind of answer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeClient, json, token, type Handler } from '../test/support/fake-fetch.js';
import { operationCalls } from '../test/support/operation-calls.js';
import { ApiError } from './api-error.js';
import { createFormsignClient, type FormsignClient } from './client.js';
import type { OperationId } from './generated/operations.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

const operations = Object.keys(operationCalls) as OperationId[];

/** A client that calls direct, and one that goes through `raw` because a pass-through middleware was added. */
function pair(handler: Handler) {
  const direct = fakeClient(handler);
  const viaRaw = fakeClient(handler);
  viaRaw.client.raw.use({ onRequest: () => undefined });
  return { direct, viaRaw };
}

/** What the server sees of a request; a multipart body by its fields, since its boundary is random. */
async function onTheWire(request: Request): Promise<unknown> {
  const headers = [...request.headers].map(([name, value]) => [name, name === 'content-type' ? value.replace(/boundary=.*$/, 'boundary=*') : value]);
  const multipart = request.headers.get('Content-Type')?.startsWith('multipart/form-data') ?? false;
  const body = multipart ? [...(await request.formData())].map(([name, value]) => [name, String(value)]) : await request.text();
  return { method: request.method, url: request.url, headers, body };
}

/** How a call ended: its value, or the error's class, status, code and message. */
async function outcome(call: Promise<unknown>): Promise<unknown> {
  try {
    return { value: await call };
  } catch (error) {
    if (error instanceof ApiError) return { apiError: { status: error.status, code: error.code, message: error.message, body: error.body } };
    return { thrown: String(error) };
  }
}

async function run(client: FormsignClient, id: OperationId): Promise<unknown> {
  return outcome(operationCalls[id](client, {}));
}

describe('direct calls and calls through raw', () => {
  it('send the same request for every operation', async () => {
    const { direct, viaRaw } = pair(() => json({ code: 1, message: '' }));
    for (const id of operations) {
      await run(direct.client, id);
      await run(viaRaw.client, id);
      expect(await onTheWire(direct.server.last()), id).toEqual(await onTheWire(viaRaw.server.last()));
    }
    expect(direct.server.requests).toHaveLength(operations.length);
  });

  const answers: { name: string; handler: Handler }[] = [
    { name: 'an empty JSON object', handler: () => json({}) },
    { name: 'a success code', handler: () => json({ code: 1, message: '', data: [], page: 1, limit: 25, total: 0 }) },
    { name: 'a failing code with a message', handler: () => json({ code: -1, message: 'Not this time.', error: 'Refused.' }) },
    { name: '204 No Content', handler: () => new Response(null, { status: 204 }) },
    { name: 'an empty 200 with Content-Length 0', handler: () => new Response('', { status: 200, headers: { 'Content-Length': '0' } }) },
    { name: 'a 200 that is not JSON', handler: () => new Response('<html>proxy login</html>', { headers: { 'Content-Type': 'text/html' } }) },
    { name: 'a 401 with a message', handler: () => json({ message: 'Your session has ended.' }, 401) },
    { name: 'a 500 in plain text', handler: () => new Response('busy', { status: 500 }) },
    { name: 'a 503 without a body', handler: () => new Response(null, { status: 503 }) },
    {
      name: 'a network failure',
      handler: () => {
        throw new TypeError('fetch failed');
      },
    },
  ];

  it.each(answers)('end alike for every operation on $name', async ({ handler }) => {
    const { direct, viaRaw } = pair(handler);
    for (const id of operations) expect(await run(direct.client, id), id).toEqual(await run(viaRaw.client, id));
  });

  it('switch to raw when middleware is added or ejected, so that middleware is honoured', async () => {
    const { client, server } = fakeClient(() => json({ page: 1, limit: 25, total: 0, data: [] }));
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
});

describe('direct calls with the global fetch', () => {
  it('hand fetch the URL and init, not a Request, with the middleware headers set', async () => {
    const seen: { input: unknown; init: RequestInit | undefined }[] = [];
    const client = createFormsignClient({ baseUrl: 'http://formsign.test/api', token: () => token, xsrfCookie: () => 'xsrf' });
    // Stubbed after the client is made: the global fetch is looked up on each call.
    vi.stubGlobal('fetch', (input: unknown, init?: RequestInit) => {
      seen.push({ input, init });
      return Promise.resolve(json({ code: 1, message: '' }));
    });
    await client.support.contact({ subject: 'Hello', message: 'World' });
    const [call] = seen;
    expect(call?.input).toBe('http://formsign.test/api/contact');
    expect(call?.init?.method).toBe('POST');
    expect(call?.init?.body).toBe('{"subject":"Hello","message":"World"}');
    expect(Object.fromEntries(new Headers(call?.init?.headers))).toEqual({
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      cookie: 'XSRF-TOKEN=xsrf',
      'x-xsrf-token': 'xsrf',
    });
  });

  it('keep a relative base URL relative, as a browser resolves it against the page', async () => {
    const seen: unknown[] = [];
    vi.stubGlobal('fetch', (input: unknown) => {
      seen.push(input);
      return Promise.resolve(json({ page: 1, limit: 25, total: 0, data: [] }));
    });
    await createFormsignClient().workflow.list({ page: 2 });
    expect(seen).toEqual(['/api/workflow?page=2']);
  });
});
