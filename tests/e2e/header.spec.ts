import { expect, preferOutcome, signIn, test } from './fixtures.ts';

test.describe('the header, by page', () => {
  for (const path of ['/request-new-password', '/register', '/register/acme-partners', '/user/reset/1001/1795000000/9b2e7c4d1a8f3e6b5c0d']) {
    test(`${path} shows only a Log In button`, async ({ page }) => {
      await page.goto(path);
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Log In' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Register' })).toHaveCount(0);
      await expect(header.getByRole('button', { name: 'Help' })).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    });
  }

  test('the login page shows a Register button', async ({ page }) => {
    await page.goto('/login');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Register' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Log In' })).toHaveCount(0);
    await header.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  for (const path of ['/web-signing/f7c2a9e4', '/open-signing/f7c2a9e4', '/open-pending/a1b2c3d4e5f6']) {
    test(`${path} shows no header and no side menu, even signed in`, async ({ page }) => {
      await signIn(page, 'administrator');
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('banner')).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    });
  }

  test('signed out, no page shows the side menu', async ({ page }) => {
    await page.goto('/not-found');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  });

  test('signed in, the header shows the title, the help menu and the user with their role', async ({ page }) => {
    await signIn(page, 'administrator');
    await page.goto('/completed');
    await expect(page.getByTestId('page-title')).toHaveText('Forms');
    await expect(page).toHaveTitle('Forms · formsign');
    await expect(page.getByTestId('user-name')).toHaveText('Olivia Bennett');
    await expect(page.getByTestId('user-role')).toHaveText('Administrator');
  });

  test('the title and the menu are worded with the loaded strings', async ({ page }) => {
    // The company words two entries its own way in English, the interface's language.
    await page.route(
      (url) => url.pathname === '/api/get-strings',
      (route) =>
        route.fulfill({
          json: { default: 'en', languages: [{ code: 'en', name: 'English' }], strings: { en: { Forms: 'Completed forms', Users: 'People' } } },
        }),
    );
    await signIn(page, 'administrator');
    await page.goto('/completed');
    await expect(page.getByTestId('page-title')).toHaveText('Completed forms');
    await expect(page).toHaveTitle('Completed forms · formsign');
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText('People')).toBeAttached();
  });
});

test.describe('the header help menu', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'basicUser');
    await page.goto('/completed');
    await page.getByRole('banner').getByRole('button', { name: 'Help' }).click();
  });

  test('offers Tutorial Videos, Help FAQs and Contact Us', async ({ page }) => {
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Tutorial Videos', 'Help FAQs', 'Contact Us']);
  });

  test('Help FAQs opens the external FAQ page in a new tab', async ({ page }) => {
    const faq = page.getByRole('menuitem', { name: 'Help FAQs' });
    await expect(faq).toHaveAttribute('href', 'https://formsign.example/help/faq');
    await expect(faq).toHaveAttribute('target', '_blank');
  });

  test('Contact Us goes to the help page', async ({ page }) => {
    await page.getByRole('menuitem', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/help$/);
  });

  test('Tutorial Videos opens the tutorial panel', async ({ page }) => {
    await page.getByRole('menuitem', { name: 'Tutorial Videos' }).click();
    await expect(page.getByRole('dialog', { name: 'Tutorial Videos' })).toBeVisible();
  });
});

test.describe('the envelope counter', () => {
  test('is not shown to a basic user, who never asks for the count', async ({ page }) => {
    let asked = false;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/envelopes') asked = true;
    });
    await signIn(page, 'basicUser');
    await page.goto('/completed');
    await expect(page.getByTestId('user-name')).toBeVisible();
    await expect(page.getByRole('link', { name: /envelopes left/ })).toHaveCount(0);
    expect(asked).toBe(false);
  });

  const levels = [
    { example: 'plenty', unused: '312', level: 'none' },
    { example: 'belowForty', unused: '180', level: 'forty' },
    { example: 'belowTwenty', unused: '64', level: 'twenty' },
  ];
  for (const { example, unused, level } of levels) {
    test(`shows ${unused} of 500 unused envelopes with level ${level}`, async ({ page }) => {
      await preferOutcome(page, '/envelopes', `example=${example}`);
      await signIn(page, 'administrator');
      await page.goto('/completed');
      const counter = page.getByRole('link', { name: /envelopes left/ });
      // A visible label, not a bare number.
      await expect(counter).toHaveText(`${unused} envelopes left`);
      await expect(counter).toHaveAttribute('data-level', level);
      if (level !== 'none') await expect(counter).toHaveClass(new RegExp(`envelope-counter--${level}`));
      expect(await page.evaluate(() => window.localStorage.getItem('unusedEnvelopes'))).toBe(unused);
    });
  }

  test('sends the token as a form field and links to the envelopes tab of the account', async ({ page }) => {
    await signIn(page, 'administrator');
    // On the wire it is /api/envelopes: the base path plus the contract's /envelopes (never /api/api/...).
    const request = page.waitForRequest((candidate) => new URL(candidate.url()).pathname === '/api/envelopes');
    await page.goto('/completed');
    const sent = await request;
    expect(sent.headers()['content-type']).toContain('application/x-www-form-urlencoded');
    expect(new URLSearchParams(sent.postData() ?? '').get('token')).toMatch(/^eyJ/);
    await page.getByRole('link', { name: /envelopes left/ }).click();
    await expect(page).toHaveURL(/\/account\?tab=2$/);
  });
});
