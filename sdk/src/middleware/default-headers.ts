import { headMiddleware, type HeadMiddleware } from './head-middleware.js';
import type { HeadersInput } from './headers-input.js';

/**
 * Adds the client's own headers to every request (QA selects mock outcomes this way with
 * `Prefer`). They are defaults: a header the call already carries wins. A function is asked
 * on every request.
 */
export function defaultHeaders(headers: HeadersInput | (() => HeadersInput | undefined)): HeadMiddleware {
  return headMiddleware((request) => {
    const init = typeof headers === 'function' ? headers() : headers;
    if (!init) return;
    new Headers(init).forEach((value, name) => {
      if (!request.headers.has(name)) request.headers.set(name, value);
    });
  });
}
