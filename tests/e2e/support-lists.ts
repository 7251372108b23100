/**
 * What the list pages' browser tests share: choosing the mock's outcome of only some calls of
 * a path (an action, not the list), reaching a control with the keyboard alone, and waiting for the
 * call a page sends.
 */
import { expect, type Locator, type Page, type Request } from '@playwright/test';

/** Like `preferOutcome`, for only the calls of `apiPath` whose URL `when` accepts (e.g. the block action, not the list). */
export async function preferOutcomeWhen(page: Page, apiPath: string, when: (url: URL) => boolean, prefer: string): Promise<void> {
  await page.route(
    (url) => url.pathname === `/api${apiPath}` && when(url),
    (route) => route.continue({ headers: { ...route.request().headers(), prefer } }),
  );
}

/** The next call of `method` to `apiPath` (the contract path, without /api) whose URL `when` accepts. */
export function nextCall(page: Page, method: 'GET' | 'POST', apiPath: string, when: (url: URL) => boolean = () => true): Promise<Request> {
  return page.waitForRequest((request) => {
    const url = new URL(request.url());
    return request.method() === method && url.pathname === `/api${apiPath}` && when(url);
  });
}

/** A query value of a call, e.g. `queryOf(request, 'filters[search]')`. */
export function queryOf(request: Request, name: string): string | null {
  return new URL(request.url()).searchParams.get(name);
}

/** Moves the focus to the page itself, as the skip link does: the first Tab, then Enter. */
export async function skipToPage(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to the page' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a person without a mouse reaches it. */
export async function tabTo(page: Page, target: Locator, { backwards = false, limit = 150 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${String(target)} was not reached with ${limit} presses of Tab.`);
}

/** Whether the focused control shows it has the focus (the app's focus ring). */
export async function expectFocusRing(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { shadow: style.boxShadow, outline: style.outlineStyle };
  });
  expect(ring.shadow !== 'none' || ring.outline !== 'none').toBe(true);
}
