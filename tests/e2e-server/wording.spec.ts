/**
 * The company's wording of the interface, against the real server: an administrator renames a
 * menu entry in Settings, the side menu says the new name at once and after a reload, and the
 * entry goes back to its own name when reset. A basic user has no such tab. The name is put
 * back afterwards (the journeys share the demo company).
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support.ts';

async function saveWording(page: Page): Promise<void> {
  const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/save-strings');
  await page.getByRole('button', { name: 'Save wording' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page.locator('.toast[data-type="success"]').last()).toContainText('Interface wording saved');
}

test('an administrator renames a menu entry, sees the new name at once and after a reload, and resets it', async ({ page }) => {
  await signIn(page, 'demo.admin');
  await page.goto('/settings?tab=wording');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const own = page.getByLabel('Case Management', { exact: true });
  await expect(menu.getByRole('link', { name: 'Case Management' })).toBeVisible();
  await own.fill('Tenancies');
  try {
    await saveWording(page);
    await expect(menu.getByRole('link', { name: 'Tenancies' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Case Management' })).toHaveCount(0);

    await page.reload();
    await expect(menu.getByRole('link', { name: 'Tenancies' })).toBeVisible();
    await expect(own).toHaveValue('Tenancies');
    await page.getByRole('button', { name: 'Reset to default Case Management' }).click();
    await expect(own).toHaveValue('');
    await saveWording(page);
    await expect(menu.getByRole('link', { name: 'Case Management' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Tenancies' })).toHaveCount(0);
  } finally {
    // Back to the interface's own name, whatever failed above.
    await page.goto('/settings?tab=wording');
    if ((await own.inputValue()) !== '') {
      await own.fill('');
      await saveWording(page);
    }
  }
});

test('a basic user has no interface wording to edit', async ({ page }) => {
  await signIn(page, 'demo.basic');
  await page.goto('/settings?tab=wording');
  await expect(page.getByRole('tab', { name: 'Company settings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Interface wording' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Interface wording' })).toHaveCount(0);
});
