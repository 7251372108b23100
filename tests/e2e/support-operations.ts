/**
 * Helpers of the operations pages' browser tests: choosing the mock's outcome per request
 * (by what the request carries, not only by its path), and reading what a request sent.
 */
import type { Page, Request } from '@playwright/test';

/**
 * Each request to the contract path `apiPath` (without `/api`) is asked of the mock with the
 * `Prefer` header `choose` gives for it; none when it gives null.
 */
export async function preferWhen(page: Page, apiPath: string, choose: (request: Request) => string | null): Promise<void> {
  await page.route(
    (url) => url.pathname === `/api${apiPath}`,
    (route) => {
      const prefer = choose(route.request());
      return route.continue(prefer ? { headers: { ...route.request().headers(), prefer } } : undefined);
    },
  );
}

/** The next request to the contract path `apiPath` that `match` accepts. */
export function nextRequest(page: Page, apiPath: string, match: (request: Request) => boolean = () => true): Promise<Request> {
  return page.waitForRequest((request) => new URL(request.url()).pathname === `/api${apiPath}` && match(request));
}

/** A request's query values. */
export function queryOf(request: Request): URLSearchParams {
  return new URL(request.url()).searchParams;
}

/** A request's JSON body. */
export function bodyOf<T = unknown>(request: Request): T {
  return request.postDataJSON() as T;
}
