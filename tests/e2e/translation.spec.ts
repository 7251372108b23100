import { expect, signIn, test } from './fixtures.ts';

test.describe('the translation widget', () => {
  test('is resized 3 seconds after each route change', async ({ page }) => {
    await signIn(page, 'administrator');
    // A paused clock: time moves only when the test says, whatever the machine's load.
    await page.clock.install({ time: new Date('2026-11-20T09:00:00Z') });
    await page.clock.pauseAt(new Date('2026-11-20T09:00:01Z'));
    await page.goto('/completed');
    const widget = page.locator('.translation-widget');
    await expect(widget).toBeVisible();
    // The 3 s count from the page's render (its title shown), which may come after the widget.
    await expect(page.getByTestId('page-title')).toHaveText('Forms');
    await page.clock.runFor(3_000);
    await expect(widget).toHaveAttribute('data-resizes', '1');
    await page.getByRole('link', { name: 'Supporting Documents' }).click();
    await expect(page).toHaveURL(/\/supporting$/);
    // The address changes before the page renders (a navigation is a transition): the 3 s
    // count from the new page's render.
    await expect(page.getByTestId('page-title')).toHaveText('Supporting Documents');
    await page.clock.runFor(2_900);
    await expect(widget).toHaveAttribute('data-resizes', '1');
    await page.clock.runFor(200);
    await expect(widget).toHaveAttribute('data-resizes', '2');
  });

  test('shows on the login page and is hidden where the route table says (template editing)', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Language')).toBeVisible();
    await signIn(page, 'administrator');
    await page.goto('/template/edit/3001/step1');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByLabel('Language')).toHaveCount(0);
  });

  test('offers the four languages the interface speaks, named as the company names them, and switches to one', async ({ page }) => {
    const strings = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/get-strings');
    await page.goto('/login');
    // The mock's company offers the four, named in themselves.
    const offered = ((await (await strings).json()) as { languages: { name: string }[] }).languages.map((language) => language.name);
    await expect(page.getByLabel('Language').locator('option')).toHaveText(offered.slice(0, 4));
    expect(offered.slice(0, 4)).toEqual(['English', 'Deutsch', 'Français', 'Español']);
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await page.getByLabel('Language').selectOption('de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await expect(page.getByLabel('Passwort', { exact: true })).toBeVisible();
    await page.reload();
    // The choice is kept in this browser.
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await page.getByLabel('Name').fill('olivia');
    await page.getByLabel('Passwort', { exact: true }).fill('x');
    // Every call says the language shown, so the server answers in it.
    const login = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/login');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    expect((await login).headers()['accept-language']).toBe('de');
  });
});
