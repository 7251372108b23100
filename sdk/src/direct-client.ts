/**
 * The friendly layer's own way to the wire. openapi-fetch builds a `Request` for every call so
 * that any middleware can see and replace it, then Node's fetch builds a second one from it;
 * with its middleware loop that costs more than a tenth of a local call. The friendly layer's
 * calls only need the SDK's own middleware, which edit headers, so while `client.raw` has no
 * other middleware they go straight to `fetch(url, init)`.
 *
 * The URL, the headers and the body are made by openapi-fetch's own exported serialisers, and
 * the answer is read by the same rules, so both ways send the same bytes and read them alike
 * (a test compares them for every operation).
 */
import { createFinalURL, defaultBodySerializer, defaultPathSerializer, mergeHeaders, removeTrailingSlash, type ParseAs } from 'openapi-fetch';
import type { HeadMiddleware } from './middleware/head-middleware.js';
import { withoutTrailingSlash } from './middleware/strip-trailing-slash.js';
import type { RawClient } from './transport.js';

/** The calls of the raw client the friendly layer makes. */
export type DirectClient = Pick<RawClient, 'GET' | 'POST' | 'PUT'>;

export interface DirectClientOptions {
  baseUrl: string;
  /** An injected fetch, which takes a `Request`; without one, `globalThis.fetch` at call time. */
  fetch: ((request: Request) => Promise<Response>) | undefined;
  querySerializer: (query: Record<string, unknown>) => string;
  /** The SDK's header middleware, in the order the raw client runs them. */
  middleware: readonly HeadMiddleware[];
}

/** The options of a friendly call, as it hands them to the raw client. */
interface DirectInit {
  params?: { query?: Record<string, unknown>; path?: Record<string, unknown> };
  body?: unknown;
  bodySerializer?: (body: never, headers: Headers) => unknown;
  parseAs?: ParseAs;
  headers?: ConstructorParameters<typeof Headers>[0];
  signal?: AbortSignal;
}

/** The result, in openapi-fetch's shape. */
interface DirectResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** A response came but its body could not be read as asked (a 200 that is not JSON). */
export class UnreadableBody extends Error {
  override readonly name = 'UnreadableBody';

  constructor(
    readonly status: number,
    cause: unknown,
  ) {
    super(`The response body (status ${status}) could not be read`, { cause });
  }
}

/** openapi-fetch's body serialiser also reads the headers (for form encoding); its declaration leaves them out. */
const serializeBody = defaultBodySerializer as (body: unknown, headers: Headers) => unknown;

/** Reads a response as openapi-fetch does: no data for 204 or an empty body, the error body as JSON when it is. */
async function read(response: Response, parseAs: ParseAs): Promise<DirectResult> {
  const contentLength = response.headers.get('Content-Length');
  if (response.status === 204 || (contentLength === '0' && !response.headers.get('Transfer-Encoding')?.includes('chunked'))) {
    return response.ok ? { data: undefined, response } : { error: undefined, response };
  }
  if (!response.ok) {
    const text = await response.text();
    try {
      return { error: JSON.parse(text) as unknown, response };
    } catch {
      return { error: text, response };
    }
  }
  try {
    if (parseAs === 'stream') return { data: response.body, response };
    if (parseAs === 'json' && !contentLength) {
      const text = await response.text();
      return { data: text ? (JSON.parse(text) as unknown) : undefined, response };
    }
    return { data: (await response[parseAs]()) as unknown, response };
  } catch (cause) {
    throw new UnreadableBody(response.status, cause);
  }
}

export function createDirectClient({ baseUrl: base, fetch: injected, querySerializer, middleware }: DirectClientOptions): DirectClient {
  const baseUrl = removeTrailingSlash(base);

  async function call(method: string, path: string, init: DirectInit = {}): Promise<DirectResult> {
    const { params = {}, body, bodySerializer, parseAs = 'json', signal } = init;
    const headers = mergeHeaders(init.headers);
    const serialized = body === undefined ? undefined : (bodySerializer ?? serializeBody)(body as never, headers);
    // JSON unless the call said otherwise; a form sets its own type (with its boundary).
    if (serialized !== undefined && !(serialized instanceof FormData) && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    for (const each of middleware) each.editHead({ method, headers });
    const url = createFinalURL(path, { baseUrl, params, querySerializer, pathSerializer: defaultPathSerializer });
    const requestInit: RequestInit = { method, headers, body: serialized as RequestInit['body'], signal };
    const target = withoutTrailingSlash(url) ?? url;
    const response = await (injected ? injected(new Request(target, requestInit)) : globalThis.fetch(target, requestInit));
    return read(response, parseAs);
  }

  // Typed by the raw client's signatures, which the friendly layer is checked against.
  return {
    GET: (path: string, init?: DirectInit) => call('GET', path, init),
    POST: (path: string, init?: DirectInit) => call('POST', path, init),
    PUT: (path: string, init?: DirectInit) => call('PUT', path, init),
  } as unknown as DirectClient;
}
