import { axeViolations as seriousViolations } from '../support/axe.ts';
import { expect, signIn, test } from './fixtures.ts';

test.describe('accessibility (axe-core)', () => {
  test('the login page has no serious or critical violation', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Name')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the dashboard has no serious or critical violation', async ({ page }) => {
    await signIn(page, 'administrator');
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a list page has no serious or critical violation', async ({ page }) => {
    await signIn(page, 'administrator');
    await page.goto('/completed');
    await expect(page.getByRole('table', { name: 'Completed forms' }).getByRole('row')).toHaveCount(25);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
