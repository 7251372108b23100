import { expect, signIn, test } from './fixtures.ts';

test.describe('pages load on demand', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'administrator');
  });

  test('a chunk that fails to download gives the chunk loading error, and retry recovers', async ({ page }) => {
    const isChunk = (url: URL): boolean => /^\/js\/completed-page-[\w-]+\.js$/.test(url.pathname);
    await page.route(isChunk, (route) => route.abort('failed'));
    await page.goto('/completed');
    const error = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
    await expect(error).toBeVisible();
    await expect(error).toHaveAttribute('data-reason', 'failed');
    await expect(page.getByTestId('chunk-request')).toHaveText(/^\/js\/completed-page-[\w-]+\.js$/);
    await page.unroute(isChunk);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('table', { name: 'Completed forms' })).toBeVisible();
  });

  test('a missing chunk says so', async ({ page }) => {
    await page.route(/\/js\/completed-page-[\w-]+\.js/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.goto('/completed');
    await expect(page.getByRole('alert').filter({ hasText: 'missing' })).toHaveAttribute('data-reason', 'missing');
  });

  test('a chunk that takes over 120 seconds times out', async ({ page }) => {
    // A paused clock: time moves only when the test says, whatever the machine's load.
    await page.clock.install({ time: new Date('2026-11-20T09:00:00Z') });
    await page.clock.pauseAt(new Date('2026-11-20T09:00:01Z'));
    await page.route(/\/js\/completed-page-[\w-]+\.js/, () => {
      // Never answered.
    });
    await page.goto('/completed');
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toBeVisible();
    await page.clock.runFor(119_000);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.clock.runFor(2_000);
    await expect(page.getByRole('alert').filter({ hasText: 'This page could not be loaded' })).toHaveAttribute('data-reason', 'timeout');
  });

  test('every page is its own script under /js/, with one stylesheet', async ({ page }) => {
    await page.goto('/login');
    const manifest = JSON.parse((await page.locator('#page-chunks').textContent()) ?? '{}') as Record<string, string>;
    expect(Object.keys(manifest)).toContain('login-page');
    for (const file of Object.values(manifest)) expect(file).toMatch(/^\/js\/[\w-]+\.js$/);
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
  });
});
