/**
 * The typed openapi-fetch client with the SDK's middleware, and the one path every friendly
 * function takes to the wire: `send` runs a call (`api`: direct, or through `raw` once it has
 * middleware of its own) and turns any failure into an `ApiError` worded by the operation's
 * rule (section 8).
 */
import createClient, { createQuerySerializer, type Client, type HeadersOptions, type Middleware } from 'openapi-fetch';
import { errorForFailure, type ApiError, type FailureRule } from './api-error.js';
import type { paths } from './generated/openapi.js';
import { createDirectClient, UnreadableBody, type DirectClient } from './direct-client.js';
import { bearerToken } from './middleware/bearer-token.js';
import type { HeadMiddleware } from './middleware/head-middleware.js';
import type { HeadersInput } from './middleware/headers-input.js';
import { defaultHeaders } from './middleware/default-headers.js';
import { stripTrailingSlash } from './middleware/strip-trailing-slash.js';
import { xsrfToken } from './middleware/xsrf-token.js';

/** The openapi-fetch client of the contract's paths. */
export type RawClient = Client<paths>;

export interface FormsignClientOptions {
  /** Where the API is served; `/api` by default. Node needs an absolute URL. */
  baseUrl?: string;
  /** The fetch to use; `globalThis.fetch` (looked up on each call) by default. */
  fetch?: (request: Request) => Promise<Response>;
  /** The signed-in user's token, asked on every request; none when it returns nothing. */
  token?: () => string | null | undefined;
  /** Headers for every request (a call's own headers win); a function is asked each time. */
  headers?: HeadersInput | (() => HeadersInput | undefined);
  /**
   * The `XSRF-TOKEN` cookie's value, for runtimes without `document.cookie` (Node). When given,
   * the cookie itself is sent too. In a browser leave it out: `document.cookie` is read.
   */
  xsrfCookie?: () => string | null | undefined;
  /** Whether the runtime is offline; by default `navigator.onLine === false` where there is a navigator. */
  isOffline?: () => boolean;
}

/** What every friendly function takes as its last argument. */
export interface CallOptions {
  /** Cancels the call; a cancelled call rejects with the signal's reason, not an `ApiError`. */
  signal?: AbortSignal;
  /** Headers for this call only, e.g. `{ Prefer: 'code=500, example=noMessage' }` against the mock. */
  headers?: HeadersInput;
}

/** What a friendly function hands to its raw call (a type, not an interface, so openapi-fetch takes it as is). */
export type RawInit = {
  signal?: AbortSignal;
  headers?: HeadersOptions;
  middleware: Middleware[];
};

/** The parts of an openapi-fetch result the SDK reads. */
export interface RawResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

export interface Exchange<T> {
  data: T;
  response: Response;
}

export interface Transport {
  raw: RawClient;
  /** The calls of the friendly layer: direct to fetch, or through `raw` once its middleware changed. */
  api: DirectClient;
  /** The token source's token, or undefined. */
  token(): string | undefined;
  isOffline(): boolean;
  /**
   * Runs a raw call and answers its data and response. A failure (no response, a status
   * other than 2xx, a body that is not the JSON expected) rejects with an `ApiError`.
   */
  exchange<T>(call: (init: RawInit) => Promise<RawResult<T>>, options?: CallOptions, rule?: FailureRule): Promise<Exchange<T>>;
  /** `exchange`, answering the data only. */
  send<T>(call: (init: RawInit) => Promise<RawResult<T>>, options?: CallOptions, rule?: FailureRule): Promise<T>;
}

function dataOf<T>({ data }: Exchange<T>): T {
  return data;
}

function offlineByNavigator(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** deepObject for objects (`filters[search]=x`), without the empty pieces that absent members leave. */
function querySerializer(): (query: Record<string, unknown>) => string {
  const serialize = createQuerySerializer<Record<string, unknown>>({ object: { style: 'deepObject', explode: true } });
  return (query) => {
    const search = serialize(query);
    return search.includes('&&') || search.startsWith('&') || search.endsWith('&') ? search.split('&').filter(Boolean).join('&') : search;
  };
}

/** openapi-fetch reads header arrays as objects; hand it a `Headers` instead. */
function headersOption(headers: HeadersInput | undefined): HeadersOptions | undefined {
  return headers !== undefined && Array.isArray(headers) ? new Headers(headers) : headers;
}

/** The global fetch, looked up on each call (so a test or a polyfill may replace it later). */
function globalFetch(request: Request): Promise<Response> {
  return globalThis.fetch(request);
}

export function createTransport(options: FormsignClientOptions = {}): Transport {
  const baseUrl = options.baseUrl ?? '/api';
  const serializeQuery = querySerializer();
  const own: HeadMiddleware[] = [];
  if (options.headers) own.push(defaultHeaders(options.headers));
  if (options.token) own.push(bearerToken(options.token));
  own.push(xsrfToken(options.xsrfCookie));

  const client = createClient<paths>({ baseUrl, fetch: options.fetch ?? globalFetch, querySerializer: serializeQuery });
  client.use(...own, stripTrailingSlash());
  // Friendly calls go direct until someone changes the raw client's middleware; from then on
  // they go through it, so they pass through that middleware too.
  let rawHasOwnMiddlewareOnly = true;
  const raw: RawClient = {
    ...client,
    use(...middleware) {
      rawHasOwnMiddlewareOnly = false;
      client.use(...middleware);
    },
    eject(...middleware) {
      rawHasOwnMiddlewareOnly = false;
      client.eject(...middleware);
    },
  };
  const direct = createDirectClient({ baseUrl, fetch: options.fetch, querySerializer: serializeQuery, middleware: own });
  const api: DirectClient = {
    get GET() {
      return (rawHasOwnMiddlewareOnly ? direct : raw).GET;
    },
    get POST() {
      return (rawHasOwnMiddlewareOnly ? direct : raw).POST;
    },
    get PUT() {
      return (rawHasOwnMiddlewareOnly ? direct : raw).PUT;
    },
  };

  const tokenSource = options.token;
  const isOffline = options.isOffline ?? offlineByNavigator;

  /** Runs a raw call; any failure becomes the rule's `ApiError` (a cancelled call rejects with its reason). */
  async function run<T>(call: (init: RawInit) => Promise<RawResult<T>>, callOptions: CallOptions | undefined, rule: FailureRule): Promise<Exchange<T>> {
    // The status of the response, when one came, for failures thrown while reading its body
    // (through `raw`; a direct call throws `UnreadableBody`, which carries it).
    let status = 0;
    const probe: Middleware = {
      onResponse({ response }) {
        status = response.status;
        return undefined;
      },
    };
    let result: RawResult<T>;
    try {
      result = await call({ signal: callOptions?.signal, headers: headersOption(callOptions?.headers), middleware: [probe] });
    } catch (cause) {
      if (callOptions?.signal?.aborted) throw cause;
      if (cause instanceof UnreadableBody) throw failure(rule, cause.status, undefined, cause.cause);
      throw failure(rule, status, undefined, cause);
    }
    const { data, response } = result;
    if (!response.ok || data === undefined) throw failure(rule, response.status, result.error);
    return { data, response };
  }

  function failure(rule: FailureRule, status: number, body: unknown, cause?: unknown): ApiError {
    return errorForFailure(rule, { status, body, cause, offline: status === 0 && isOffline() });
  }

  return {
    raw,
    api,
    token: () => tokenSource?.() || undefined,
    isOffline,
    exchange: (call, callOptions, rule = 'message') => run(call, callOptions, rule),
    send: (call, callOptions, rule = 'message') => run(call, callOptions, rule).then(dataOf),
  };
}
