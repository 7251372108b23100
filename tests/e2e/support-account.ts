/**
 * Helpers of the people, account and help tests: choosing the mock's outcome of one kind of
 * request on an endpoint that serves several (`POST /products` lists, checks out and reports
 * a purchase; `/user` reads and saves), and waiting for the request a person's action sends.
 */
import type { Locator, Page, Request } from '@playwright/test';

/**
 * For each request to `/api<apiPath>`, `choose` gives the mock's outcome (`Prefer` header),
 * or null to leave the default.
 */
export async function preferFor(page: Page, apiPath: string, choose: (request: Request) => string | null): Promise<void> {
  await page.route(
    (url) => url.pathname === `/api${apiPath}`,
    (route) => {
      const prefer = choose(route.request());
      return route.continue(prefer ? { headers: { ...route.request().headers(), prefer } } : undefined);
    },
  );
}

/** The JSON body's `action` (or `data.action`): `list`, `save`, `delete`, `checkout`, `status`. */
export function actionOf(request: Request): string {
  const body = (request.postDataJSON() ?? {}) as { action?: string; data?: { action?: string } };
  return body.action ?? body.data?.action ?? 'list';
}

/** The next request to `/api<apiPath>` with this method (and, when given, this body action). */
export function nextRequest(page: Page, apiPath: string, method = 'POST', action?: string): Promise<Request> {
  return page.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === `/api${apiPath}` && request.method() === method && (action === undefined || actionOf(request) === action),
  );
}

/** Collects every request to `/api<apiPath>` from now on. */
export function recordRequests(page: Page, apiPath: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api${apiPath}`) seen.push(request);
  });
  return seen;
}

/** Moves the keyboard focus with Tab until it reaches `target` (a person tabbing through a dialog). */
export async function tabTo(page: Page, target: Locator, most = 6): Promise<void> {
  for (let step = 0; step < most; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  if (!(await target.evaluate((element) => element === document.activeElement))) throw new Error('Tab never reached the target.');
}
