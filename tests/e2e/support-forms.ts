/**
 * Helpers of the template and signing tests: calls that share one path (`/getforms`,
 * `/websigning`) are told apart by their body, so each can get its own outcome of the mock,
 * and the requests the page sends are collected to be asserted on.
 */
import type { Page, Request } from '@playwright/test';

type Body = Record<string, unknown>;

/**
 * The mock answers the calls of `apiPath` whose JSON body has `field` equal to `value` with
 * the `Prefer` outcome given; other calls of that path go on unchanged.
 */
export async function preferOutcomeWhen(page: Page, apiPath: string, field: string, value: string, prefer: string): Promise<void> {
  await page.route(
    (url) => url.pathname === `/api${apiPath}`,
    async (route) => {
      const body = route.request().postDataJSON() as Body | null;
      if (body?.[field] === value) await route.continue({ headers: { ...route.request().headers(), prefer } });
      else await route.fallback();
    },
  );
}

/** The bodies of every call of `apiPath` the page sends, in order. */
export function sentBodies(page: Page, apiPath: string): Body[] {
  const bodies: Body[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname === `/api${apiPath}` && request.method() === 'POST') bodies.push(request.postDataJSON() as Body);
  });
  return bodies;
}

/** Waits for the next call of `apiPath` whose body has `field` equal to `value`, and answers its body. */
export async function nextBody(page: Page, apiPath: string, field: string, value: string): Promise<Body> {
  const request = await page.waitForRequest(
    (candidate) => new URL(candidate.url()).pathname === `/api${apiPath}` && (candidate.postDataJSON() as Body | null)?.[field] === value,
  );
  return request.postDataJSON() as Body;
}
