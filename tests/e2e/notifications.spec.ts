import { expect, preferOutcome, signIn, test } from './fixtures.ts';

test.describe('notifications', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'administrator');
  });

  test('a success notification is centred and stays until dismissed', async ({ page }) => {
    await page.clock.install();
    await page.goto('/completed');
    await page.getByRole('button', { name: 'Save to Documents' }).first().click();
    const toast = page.locator('.toast[data-type="success"]');
    await expect(toast).toContainText('Saved to Documents');
    const viewport = page.viewportSize();
    const rect = await page.locator('.toast-viewport').boundingBox();
    if (!viewport || !rect) throw new Error('No viewport.');
    expect(Math.abs(rect.x + rect.width / 2 - viewport.width / 2)).toBeLessThan(2);
    expect(Math.abs(rect.y + rect.height / 2 - viewport.height / 2)).toBeLessThan(2);
    await page.clock.runFor('30:00');
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: /Dismiss/ }).click();
    await expect(toast).toHaveCount(0);
  });

  test('an error notification carries the catalogue text of the failure', async ({ page }) => {
    await preferOutcome(page, '/manage-storage', 'code=500, example=noMessage');
    await page.goto('/completed');
    await page.getByRole('button', { name: 'Save to Documents' }).first().click();
    const toast = page.locator('.toast[data-type="error"]');
    await expect(toast).toContainText('Could not save to Documents');
    await expect(toast).toContainText('Internal error. please try again');
  });
});
