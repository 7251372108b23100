import type { Middleware } from 'openapi-fetch';

/** Where a URL's path ends: at its query, its fragment, or the end. */
function pathEnd(url: string): number {
  const query = url.indexOf('?');
  const hash = url.indexOf('#');
  if (query === -1) return hash === -1 ? url.length : hash;
  return hash === -1 ? query : Math.min(query, hash);
}

/** A scheme and authority with no path after them (`http://host`). */
const originOnly = /^[a-z][a-z\d+.-]*:\/\/[^/]*$/i;

/**
 * The URL (absolute, or relative as a browser's `/api` base makes it) without the trailing
 * slashes of its path (`/api/workflow/?a=1` -> `/api/workflow?a=1`), or undefined when there
 * is nothing to strip. The root path keeps its slash.
 */
export function withoutTrailingSlash(url: string): string | undefined {
  const end = pathEnd(url);
  if (url.charAt(end - 1) !== '/') return undefined;
  const head = url.slice(0, end).replace(/\/+$/, '');
  if (head === '' || originOnly.test(head)) return undefined;
  return head + url.slice(end);
}

/**
 * Removes trailing slashes from every request's path (`/api/workflow/` -> `/api/workflow`);
 * the server's routes have none. A request that needs it is rebuilt with the same method,
 * headers, body and signal; the others pass untouched.
 */
export function stripTrailingSlash(): Middleware {
  return {
    onRequest({ request }) {
      const url = withoutTrailingSlash(request.url);
      // Answer the requests that need nothing without a promise.
      return url === undefined ? undefined : rebuildRequest(request, url);
    },
  };
}

/** The same request at another URL: method, headers, body, signal and options kept. */
export async function rebuildRequest(request: Request, url: string): Promise<Request> {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
  // `cache` is a browser option (Node's types leave it out); it is copied where it exists.
  const init: RequestInit & { cache?: Request['cache'] } = {
    method: request.method,
    headers: request.headers,
    body: hasBody ? await request.arrayBuffer() : undefined,
    signal: request.signal,
    credentials: request.credentials,
    redirect: request.redirect,
    referrer: request.referrer,
    referrerPolicy: request.referrerPolicy,
    integrity: request.integrity,
    keepalive: request.keepalive,
    mode: request.mode === 'navigate' ? undefined : request.mode,
  };
  if ('cache' in request) init.cache = request.cache;
  return new Request(url, init);
}
