/**
 * An injected `fetch` for unit tests: it records every request (a clone, so bodies can be
 * read, carrying the request's own signal) and answers with the handler's response. It
 * honours the request's signal as a real fetch does.
 */
import { createFormsignClient, type FormsignClient, type FormsignClientOptions } from '../../src/index.js';

export type Handler = (request: Request) => Response | Promise<Response>;

export interface FakeFetch {
  fetch: (request: Request) => Promise<Response>;
  /** Every request made, in order. */
  requests: Request[];
  /** The last request made. */
  last(): Request;
}

/**
 * A copy of the request to keep, whose body can be read later, and whose `signal` is the
 * request's own. A clone's own signal follows the original only until the garbage collector
 * runs (Node's fetch holds that link weakly), so a test that aborted a call and looked at a
 * clone's signal passed or failed depending on whether a collection happened in between.
 */
export function recorded(request: Request): Request {
  const copy = request.clone();
  Object.defineProperty(copy, 'signal', { value: request.signal });
  return copy;
}

export function fakeFetch(handler: Handler = () => json({})): FakeFetch {
  const requests: Request[] = [];
  return {
    requests,
    last() {
      const request = requests.at(-1);
      if (!request) throw new Error('No request was made');
      return request;
    },
    async fetch(request) {
      requests.push(recorded(request));
      request.signal.throwIfAborted();
      const aborted = new Promise<never>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
      });
      // Handled here too: a handler that throws leaves the race before any abort.
      aborted.catch(() => undefined);
      return Promise.race([Promise.resolve().then(() => handler(request)), aborted]);
    },
  };
}

/** A JSON response. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export const baseUrl = 'http://formsign.test/api';
export const token = 'header.payload.signature';

/** A client on a fake fetch, signed in with `token`, with the Node XSRF cookie `xsrf`. */
export function fakeClient(handler?: Handler, options: FormsignClientOptions = {}): { client: FormsignClient; server: FakeFetch } {
  const server = fakeFetch(handler);
  const client = createFormsignClient({ baseUrl, fetch: server.fetch, token: () => token, xsrfCookie: () => 'xsrf', ...options });
  return { client, server };
}

/** The rejection of a call, which must be one. */
export async function rejection(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('The call did not fail');
}
