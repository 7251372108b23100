/**
 * An organisation's API keys in Settings, against the real server: an administrator creates a
 * key, sees it once (with the sentence saying so), a program's call with it is answered, and
 * once revoked the same call is refused in the key's own words; after a reload the key's
 * secret is nowhere on the page, only its prefix.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

test('an administrator creates an API key, sees it once, and revokes it', async ({ page }) => {
  const name = `Journey key ${Date.now().toString(36)}`;
  await signIn(page, 'demo.admin');
  await page.goto('/settings?tab=api-keys');
  await page.getByLabel('Key name').fill(name);
  await page.getByLabel('Acts as').selectOption('basic');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('Copy this key now: it will not be shown again.')).toBeVisible();
  const secret = await page.getByRole('textbox', { name: `The key “${name}”` }).inputValue();
  expect(secret).toMatch(/^fs_live_[\w-]{43}$/);

  const call = () => page.request.get('/api/workflow', { headers: { authorization: `Bearer ${secret}` } });
  expect((await call()).status()).toBe(200);

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Copy this key now: it will not be shown again.')).toHaveCount(0);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(secret.slice(0, 12));
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText(`The key “${name}” was revoked: it no longer works.`)).toBeVisible();

  const refused = await call();
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ message: 'This API key has been revoked.' });

  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  expect(await page.content()).not.toContain(secret.slice(12));
});
