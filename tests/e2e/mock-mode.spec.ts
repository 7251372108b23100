/**
 * Testing in a browser against the mock, as QA does, without any browser extension: the
 * banner on every page says the data are examples, and its link leads to the mock's QA page,
 * where a person chooses who they are and what a call answers, for their session.
 */
import { expect, signIn, test } from './fixtures.ts';

test.describe('on the mock', () => {
  test('every page says the data are examples and changes are not kept', async ({ page }) => {
    await page.goto('/login');
    const banner = page.getByRole('complementary', { name: 'Example data' });
    await expect(banner).toHaveText('Example data from the mock: changes are not kept. Choose who you are and what calls answer');
    await signIn(page, 'administrator');
    await page.goto('/completed');
    await expect(banner).toBeVisible();
    // A thin line above the app, not over it.
    const bannerBox = await banner.boundingBox();
    const header = await page.getByRole('banner').boundingBox();
    expect(bannerBox?.height).toBeLessThan(40);
    expect(header?.y).toBeGreaterThanOrEqual((bannerBox?.y ?? 0) + (bannerBox?.height ?? 0) - 1);
  });

  test('QA chooses who they are and what a call answers on /__mock, for their session', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Choose who you are and what calls answer' }).click();
    await expect(page).toHaveURL(/\/__mock$/);
    await expect(page.getByRole('heading', { name: 'What the mock answers you' })).toBeVisible();

    await page.getByRole('radio', { name: /Liam Carter, Northwind Care Ltd/ }).check();
    await page.getByLabel('GET /completed-forms').selectOption({ label: '200: empty' });
    await page.getByRole('button', { name: 'Save for this session' }).click();
    await expect(page.getByRole('status')).toContainText('You sign in as Liam Carter, Northwind Care Ltd (basic user). 1 call answers as you chose.');

    await page.goto('/login');
    await page.getByLabel('Name').fill('anyone');
    await page.getByLabel('Password', { exact: true }).fill('anything');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByTestId('user-name')).toHaveText('Liam Carter');
    await expect(page.getByTestId('user-role')).toHaveText('Basic User');
    await page.goto('/completed');
    await expect(page.getByText('No completed forms')).toBeVisible();

    await page.goto('/__mock');
    await page.getByRole('button', { name: 'Reset everything' }).click();
    await expect(page.getByRole('status')).toHaveText('Everything is back to the mock’s usual answers.');
    await page.goto('/completed');
    await expect(page.getByRole('table', { name: 'Completed forms' }).getByRole('row').nth(1)).toBeVisible();
  });
});
