/**
 * The SDK's default fetch. openapi-fetch builds a `Request` (its middleware need one) and
 * hands it to fetch; Node's fetch then builds a second `Request` from it and ties it to the
 * first one's signal, which costs about as much as the rest of the SDK. So the client's
 * requests remember the URL and init they were made from, and the default fetch passes those
 * (with the request's current method and headers) instead. A request a middleware replaced,
 * or one whose body cannot be sent again as it is (a stream; a form, whose multipart boundary
 * would change under the headers of the first encoding), goes to fetch as it is.
 */

export interface RequestSource {
  input: string | URL;
  init: RequestInit | undefined;
}

/** The URL and init of each request the client made; other requests have none. */
const sources = new WeakMap<Request, RequestSource>();

let sourcedRequest: typeof Request | undefined;

/**
 * The client's `Request` class: a `Request` that remembers the URL and init it was made from.
 * openapi-fetch checks the request a middleware returns with `instanceof` this class, so any
 * `Request` passes that check (a middleware may return `new Request(...)`). Made on first use,
 * so loading the SDK touches no global.
 */
export function sourcedRequestClass(): typeof Request {
  sourcedRequest ??= class SourcedRequest extends Request {
    static override [Symbol.hasInstance](value: unknown): boolean {
      return value instanceof Request;
    }

    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(input, init);
      if (typeof input === 'string' || input instanceof URL) sources.set(this, { input, init });
    }
  };
  return sourcedRequest;
}

/** Whether a body encodes the same way twice, under the same Content-Type. */
function isReplayable(body: RequestInit['body']): boolean {
  return body === undefined || body === null || typeof body === 'string' || body instanceof URLSearchParams || body instanceof Blob || body instanceof ArrayBuffer || ArrayBuffer.isView(body);
}

/** `globalThis.fetch`, looked up on each call, taking the short way for the SDK's own requests. */
export function nativeFetch(request: Request): Promise<Response> {
  const source = sources.get(request);
  if (!source || !isReplayable(source.init?.body)) return globalThis.fetch(request);
  return globalThis.fetch(source.input, { ...source.init, method: request.method, headers: request.headers });
}
