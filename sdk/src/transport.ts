/**
 * The typed openapi-fetch client with the SDK's rules, and the one path every call takes to
 * the wire: openapi-fetch's own. The SDK's header rules (default headers, bearer token, XSRF
 * pair) and the trailing-slash rule are applied by the client's `fetch` as a request leaves,
 * so a call through `raw` and a friendly call send the same request, and openapi-fetch runs
 * no middleware loop unless someone adds middleware of their own. `send` runs a friendly
 * call with the client's time-out and retries, and turns any failure into an `ApiError` that
 * says what happened, worded by the operation's rule (the contract's error catalogue).
 */
import createClient, { createQuerySerializer, type Client, type HeadersOptions } from 'openapi-fetch';
import { ApiError, errorForFailure, type ApiErrorKind, type FailureRule } from './api-error.js';
import type { paths } from './generated/openapi.js';
import { bearerToken } from './middleware/bearer-token.js';
import { defaultHeaders } from './middleware/default-headers.js';
import type { HeadMiddleware } from './middleware/head-middleware.js';
import type { HeadersInput } from './middleware/headers-input.js';
import { rebuildRequest, withoutTrailingSlash } from './middleware/strip-trailing-slash.js';
import { xsrfToken } from './middleware/xsrf-token.js';
import { retryAfterMs, retryDelay, retryPolicy, type RetryOptions, type RetryPolicy } from './retry.js';
import { navigatorOffline, pageAddress } from './runtime.js';

/** The openapi-fetch client of the contract's paths. */
export type RawClient = Client<paths>;

export interface FormsignClientOptions {
  /**
   * Where the API is served; `/api` by default, which a browser resolves against the page.
   * Where there is no page (Node), give an absolute URL: the client refuses to be made without one.
   */
  baseUrl?: string;
  /** The fetch to use; `globalThis.fetch` (looked up on each call) by default. */
  fetch?: (request: Request) => Promise<Response>;
  /** The signed-in user's token, asked on every request; none when it returns nothing. */
  token?: () => string | null | undefined;
  /**
   * An organisation's API key (`fs_live_...`), for a program rather than a person (Node): sent
   * as `Authorization: Bearer <key>` on every request, and no XSRF pair is sent or read (a
   * key is not a cookie). Takes the place of `token` and `xsrfCookie`.
   */
  apiKey?: string;
  /** Headers for every request (a call's own headers win); a function is asked each time. */
  headers?: HeadersInput | (() => HeadersInput | undefined);
  /**
   * The `XSRF-TOKEN` cookie's value, for runtimes without `document.cookie` (Node). When given,
   * the cookie itself is sent too. In a browser leave it out: `document.cookie` is read.
   */
  xsrfCookie?: () => string | null | undefined;
  /** Whether the runtime is offline; by default `navigator.onLine === false` where there is a navigator. */
  isOffline?: () => boolean;
  /**
   * Milliseconds each try of a call may take before it fails with an `ApiError` of kind
   * `timeout`. None by default: the product sets no time limit on a request.
   */
  timeout?: number;
  /** Tries some failed calls again (see `RetryOptions`); off by default. `true` takes the defaults. */
  retry?: boolean | RetryOptions;
}

/** What every friendly function takes as its last argument. */
export interface CallOptions {
  /** Cancels the call; a cancelled call rejects with an `ApiError` of kind `aborted` (or `timeout` for `AbortSignal.timeout()`). */
  signal?: AbortSignal;
  /** Headers for this call only, e.g. `{ Prefer: 'code=500, example=noMessage' }` against the mock. */
  headers?: HeadersInput;
}

/** What a friendly function hands to its raw call (a type, not an interface, so openapi-fetch takes it as is). */
export type RawInit = {
  signal?: AbortSignal;
  headers?: HeadersOptions;
  fetch: (request: Request) => Promise<Response>;
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
  /** The client the friendly layer calls: `raw` itself. */
  api: RawClient;
  /** The token source's token, or undefined. */
  token(): string | undefined;
  isOffline(): boolean;
  /**
   * Runs a raw call and answers its data and response. A failure (no response, a status
   * other than 2xx, a body that is not the JSON expected, a time-out, a cancellation) rejects
   * with an `ApiError`.
   */
  exchange<T>(call: (init: RawInit) => Promise<RawResult<T>>, options?: CallOptions, rule?: FailureRule): Promise<Exchange<T>>;
  /** `exchange`, answering the data only. */
  send<T>(call: (init: RawInit) => Promise<RawResult<T>>, options?: CallOptions, rule?: FailureRule): Promise<T>;
}

function dataOf<T>({ data }: Exchange<T>): T {
  return data;
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

/** The base URL, refused at once when nothing could resolve it (a relative URL where there is no page). */
function checkedBaseUrl(baseUrl: string): string {
  if (pageAddress() !== undefined) return baseUrl;
  try {
    new URL(baseUrl);
    return baseUrl;
  } catch {
    // Relative, and nothing to resolve it against.
  }
  throw new TypeError(
    `createFormsignClient: the base URL "${baseUrl}" is relative and there is no page to resolve it against. ` +
      "Outside a browser give an absolute one, e.g. createFormsignClient({ baseUrl: 'https://formsign.example/api' }).",
  );
}

function isTimeoutReason(reason: unknown): boolean {
  return typeof reason === 'object' && reason !== null && (reason as { name?: unknown }).name === 'TimeoutError';
}

/** What one try of a call ended with. */
type Try<T> =
  { ok: true; exchange: Exchange<T> } | { ok: false; kind: ApiErrorKind; status: number; body?: unknown; cause?: unknown; retryAfter?: number };

/** A signal that aborts when the caller's does or when `timeout` runs out; `timedOut()` says which. */
function trySignal(
  caller: AbortSignal | undefined,
  timeout: number | undefined,
): { signal: AbortSignal | undefined; timedOut(): boolean; done(): void } {
  if (timeout === undefined) return { signal: caller, timedOut: () => false, done: () => undefined };
  const controller = new AbortController();
  let expired = false;
  const onAbort = (): void => controller.abort(caller?.reason);
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new ApiError({ kind: 'timeout', status: 0, message: `The call took longer than ${timeout} ms` }));
  }, timeout);
  if (caller?.aborted) onAbort();
  else caller?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => expired,
    done() {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
    },
  };
}

/** Waits `ms`, or rejects with the signal's reason once it aborts. */
function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function createTransport(options: FormsignClientOptions = {}): Transport {
  const baseUrl = checkedBaseUrl(options.baseUrl ?? '/api');
  const own: HeadMiddleware[] = [];
  if (options.headers) own.push(defaultHeaders(options.headers));
  const apiKey = options.apiKey;
  if (apiKey !== undefined) {
    if (!apiKey.startsWith('fs_live_')) throw new TypeError('apiKey: not an fs_live_ key');
    own.push(bearerToken(() => apiKey));
  } else {
    if (options.token) own.push(bearerToken(options.token));
    own.push(xsrfToken(options.xsrfCookie));
  }
  const wire = options.fetch ?? globalFetch;

  /** The SDK's rules, applied as a request leaves (after any middleware of the caller's own). */
  function sdkFetch(request: Request): Promise<Response> {
    for (const each of own) each.editHead(request);
    const url = withoutTrailingSlash(request.url);
    return url === undefined ? wire(request) : rebuildRequest(request, url).then(wire);
  }

  const raw: RawClient = createClient<paths>({ baseUrl, fetch: sdkFetch, querySerializer: querySerializer() });
  // A key travels in its header only, never copied into a body as some calls copy a person's token.
  const tokenSource = apiKey !== undefined ? undefined : options.token;
  const isOffline = options.isOffline ?? navigatorOffline;
  const policy: RetryPolicy | null = retryPolicy(options.retry);
  const timeout = options.timeout !== undefined && options.timeout > 0 ? options.timeout : undefined;

  /** One try of a raw call. */
  async function once<T>(call: (init: RawInit) => Promise<RawResult<T>>, callOptions: CallOptions | undefined): Promise<Try<T> & { method: string }> {
    const caller = callOptions?.signal;
    // Cancelled before it started: nothing is sent.
    if (caller?.aborted)
      return { ok: false, kind: isTimeoutReason(caller.reason) ? 'timeout' : 'aborted', status: 0, cause: caller.reason, method: 'GET' };
    const limit = trySignal(caller, timeout);
    // What reached the wire: the method, and the response when one came (a body that cannot
    // be read as JSON throws inside openapi-fetch, after the response came).
    let method = 'GET';
    let answered: Response | undefined;
    const observe = (request: Request): Promise<Response> => {
      method = request.method;
      return sdkFetch(request).then((response) => (answered = response));
    };
    try {
      const result = await call({ signal: limit.signal, headers: headersOption(callOptions?.headers), fetch: observe });
      const { data, response } = result;
      if (response.ok && data !== undefined) return { ok: true, exchange: { data, response }, method };
      return {
        ok: false,
        kind: 'http',
        status: response.status,
        body: result.error,
        retryAfter: retryAfterMs(response.headers.get('Retry-After'), Date.now()),
        method,
      };
    } catch (cause) {
      if (caller?.aborted)
        return { ok: false, kind: isTimeoutReason(caller.reason) ? 'timeout' : 'aborted', status: 0, cause: caller.reason, method };
      if (limit.timedOut()) return { ok: false, kind: 'timeout', status: 0, cause, method };
      if (answered) return { ok: false, kind: 'http', status: answered.status, cause, method };
      return { ok: false, kind: 'network', status: 0, cause, method };
    } finally {
      limit.done();
    }
  }

  /** Runs a raw call, trying again as the retry policy says; any failure becomes the rule's `ApiError`. */
  async function run<T>(
    call: (init: RawInit) => Promise<RawResult<T>>,
    callOptions: CallOptions | undefined,
    rule: FailureRule,
  ): Promise<Exchange<T>> {
    for (let attempt = 0; ; attempt += 1) {
      const outcome = await once(call, callOptions);
      if (outcome.ok) return outcome.exchange;
      const delay = policy && !callOptions?.signal?.aborted ? retryDelay(policy, attempt, outcome) : undefined;
      if (delay === undefined) {
        throw errorForFailure(rule, {
          kind: outcome.kind,
          status: outcome.status,
          body: outcome.body,
          cause: outcome.cause,
          offline: outcome.kind === 'network' && isOffline(),
        });
      }
      try {
        await wait(delay, callOptions?.signal);
      } catch (reason) {
        throw errorForFailure(rule, { kind: isTimeoutReason(reason) ? 'timeout' : 'aborted', status: 0, cause: reason });
      }
    }
  }

  return {
    raw,
    api: raw,
    token: () => tokenSource?.() || undefined,
    isOffline,
    exchange: (call, callOptions, rule = 'message') => run(call, callOptions, rule),
    send: (call, callOptions, rule = 'message') => run(call, callOptions, rule).then(dataOf),
  };
}
