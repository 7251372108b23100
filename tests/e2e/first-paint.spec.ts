/**
 * What a page shows before its scripts arrive: /login is in index.html already (rendered from
 * the app at build time), every other page shows the loading spinner, and what a person types
 * into the early login page is still there once the app has taken its place.
 */
import type { Page, Route } from '@playwright/test';
import { expect, preferOutcome, signIn, test } from './fixtures.ts';

/** Holds back every script of the app until the returned function is called. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(
    (url) => url.pathname.startsWith('/js/'),
    async (route) => {
      if (released) await route.continue();
      else held.push(route);
    },
  );
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

/** /login with the app's scripts held back, the mock signing in a basic user, and the name typed into the early page. */
async function openEarlyLogin(page: Page): Promise<() => Promise<void>> {
  const release = await holdScripts(page);
  await preferOutcome(page, '/login', 'example=basicUser');
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Name').fill('liam.carter');
  return release;
}

test.describe('before the scripts arrive', () => {
  test('/login shows the login page, its Log In button waiting for the app', async ({ page }) => {
    const html = await (await page.request.get('/login')).text();
    expect(html).toContain('Log in to formsign');
    await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Log in to formsign' })).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText('Log In');
    await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log In' })).toBeDisabled();
  });

  test('every other page shows the loading spinner, not the login page', async ({ page }) => {
    await holdScripts(page);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(page.getByRole('status')).toHaveText('Loading…');
    await expect(page.getByRole('heading', { name: 'Log in to formsign' })).toBeHidden();
  });

  test('a signed-in visitor of /login does not see the login page', async ({ page }) => {
    await signIn(page, 'administrator');
    await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Log in to formsign' })).toBeHidden();
    await expect(page.getByRole('status')).toHaveText('Loading…');
  });

  test('what was typed before the app started is kept, with the focus', async ({ page }) => {
    const release = await openEarlyLogin(page);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse');
    await release();
    const logIn = page.getByRole('button', { name: 'Log In' });
    await expect(logIn).toBeEnabled();
    await expect(page.getByLabel('Name')).toHaveValue('liam.carter');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('correct-horse');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('user-name')).toHaveText('Liam Carter');
  });

  test('Enter pressed before the app started signs in once it is here', async ({ page }) => {
    const release = await openEarlyLogin(page);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse');
    const login = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/login');
    await page.keyboard.press('Enter');
    await release();
    expect((await login).postDataJSON()).toMatchObject({ name: 'liam.carter', password: 'correct-horse' });
    await expect(page.getByTestId('user-name')).toHaveText('Liam Carter');
  });

  test('typing on while the app takes the page over loses no keystroke', async ({ page }) => {
    const release = await openEarlyLogin(page);
    await page.getByLabel('Password', { exact: true }).focus();
    await release();
    // One key every 20 ms from the moment the scripts arrive: some land on the early page, the rest on the app's.
    await page.keyboard.type('correct-horse-battery-staple', { delay: 20 });
    await expect(page.getByRole('button', { name: 'Log In' })).toBeEnabled();
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('correct-horse-battery-staple');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Name')).toHaveValue('liam.carter');
  });
});
