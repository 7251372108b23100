/**
 * Single sign-on against the real server and an OpenID provider started by the test (on
 * 127.0.0.1): an administrator configures the provider in Settings; on the login page a basic
 * user's name brings "Sign in with Test Provider", which goes to the provider's login and back,
 * signed in. Single sign-on is turned off again afterwards (the journeys share the demo company).
 */
import { expect, test, type Page } from '@playwright/test';
import { startOidcProvider, type TestOidcProvider } from '../../server/test/support/test-oidc-provider.ts';
import { e2eServerPort } from './settings.ts';
import { signIn } from './support.ts';

let provider: TestOidcProvider;

test.beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUris: [`http://localhost:${e2eServerPort}/api/sso/callback`],
    accounts: { 'liam.carter': { email: 'demo.basic@northwindcare.example', email_verified: true } },
  });
});

test.afterAll(async () => {
  await provider?.close();
});

async function saveSingleSignOn(page: Page): Promise<void> {
  const saved = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/sso-settings' && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save single sign-on' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText('Single sign-on has been saved.')).toBeVisible();
}

test('a basic user signs in with the organisation’s provider the administrator configured', async ({ page, browser }) => {
  await signIn(page, 'demo.admin');
  await page.goto('/settings?tab=single-sign-on');
  await page.getByLabel('Issuer address').fill(provider.issuer);
  await page.getByLabel('Client ID').fill(provider.clientId);
  await page.getByLabel('Client secret').fill(provider.clientSecret);
  await page.getByLabel('Button name').fill('Test Provider');
  await page.getByLabel('Offer “Sign in with …” on the login page').check();
  await saveSingleSignOn(page);
  await expect(page.getByText('A secret is kept. Leave this empty to keep it.')).toBeVisible();
  try {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto('/login');
    await visitor.getByLabel('Name').fill('demo.basic');
    await visitor.getByRole('link', { name: 'Sign in with Test Provider' }).click();
    // The provider's own login page.
    await expect(visitor.getByRole('heading', { name: 'Test provider' })).toBeVisible();
    await visitor.getByLabel('Account').fill('liam.carter');
    await visitor.getByRole('button', { name: 'Sign in' }).click();
    await expect(visitor.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(visitor.getByRole('banner')).toContainText('Liam Carter');
    await context.close();
  } finally {
    await page.goto('/settings?tab=single-sign-on');
    await page.getByLabel('Offer “Sign in with …” on the login page').uncheck();
    await saveSingleSignOn(page);
  }
});
