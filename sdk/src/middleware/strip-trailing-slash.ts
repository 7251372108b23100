import type { Middleware } from 'openapi-fetch';

/** Where a URL's path ends: at its query, its fragment, or the end. */
function pathEnd(url: string): number {
  const query = url.indexOf('?');
  const hash = url.indexOf('#');
  if (query === -1) return hash === -1 ? url.length : hash;
  return hash === -1 ? query : Math.min(query, hash);
}

/**
 * Removes trailing slashes from every request's path (`/api/workflow/` -> `/api/workflow`);
 * the server's routes have none. A request that needs it is rebuilt with the same method,
 * headers, body and signal; the others pass untouched.
 */
export function stripTrailingSlash(): Middleware {
  return {
    onRequest({ request }) {
      // Most requests have nothing to strip: answer them without a promise.
      if (request.url.charAt(pathEnd(request.url) - 1) !== '/') return undefined;
      const url = new URL(request.url);
      const path = url.pathname.replace(/\/+$/, '');
      if (path === '') return undefined;
      url.pathname = path;
      return rebuild(request, url);
    },
  };
}

/** The same request at another URL: method, headers, body, signal and options kept. */
async function rebuild(request: Request, url: URL): Promise<Request> {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? await request.arrayBuffer() : undefined,
    signal: request.signal,
    credentials: request.credentials,
    cache: request.cache,
    redirect: request.redirect,
    referrer: request.referrer,
    referrerPolicy: request.referrerPolicy,
    integrity: request.integrity,
    keepalive: request.keepalive,
    mode: request.mode === 'navigate' ? undefined : request.mode,
  });
}
