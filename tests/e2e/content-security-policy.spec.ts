/**
 * The app runs under its Content-Security-Policy (serving/src/content-security-policy.ts)
 * without a single violation: every route of the route table as the administrator, with the
 * help menus and the tutorial panel's video and PDF opened too, here; signed out and as each
 * other role in the phone project's sweeps (phone.spec.ts), which watch for violations as they
 * visit every route. A violation shows as a `securitypolicyviolation` event in the page or as a
 * CSP message in the console (csp-violations.ts); either fails the test, naming the route.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { contentSecurityPolicy, inlineScriptHashes } from '@formsign/serving';
import { routePatterns } from '../support/app-routes.ts';
import { watchViolations } from './csp-violations.ts';
import { busyIndicators, expect, signIn, test } from './fixtures.ts';

/** A real address for each route pattern (ids from the contract's examples). */
const sampleAddresses: Record<string, string> = {
  '/template/edit/:id/step1': '/template/edit/3001/step1',
  '/template/edit/:id/step2': '/template/edit/3001/step2',
  '/template/edit/:id/step3': '/template/edit/3001/step3',
  '/send/:templateId?': '/send/3001',
  '/bulk-sends/:id?': '/bulk-sends/12',
  '/workflow/:id': '/workflow/5125',
  '/tenant/:id': '/tenant/6001',
  '/users/:page?': '/users/2',
  '/web-signing/:pageId?': '/web-signing/f7c2a9e4-31b8-4d6a-9e0f-5c4b3a2d1e0f?token=sgn_8Qm2xV7pL4&order=1&refs=',
  '/open-signing/:pageId?': '/open-signing/f7c2a9e4-31b8-4d6a-9e0f-5c4b3a2d1e0f',
  '/open-pending/:pageId?': '/open-pending/f3305d63d04c',
  '/register/:pmachinename?': '/register/acme-partners',
  '/user/reset/:userId/:timestamp/:hashedPassword': '/user/reset/1001/1795000000/9b2e7c4d1a8f3e6b5c0d',
  '/checkout/return': '/checkout/return?session_id=cs_test_a1B2c3D4e5',
  '/confirm-email': '/confirm-email?key=1001.1795000000.b2xpdmlhLmJlbm5ldHRAbWFpbC5leGFtcGxl.Q2hhbmdlT2ZBZGRyZXNzU2lnbmF0dXJlMDAw',
  '/stripe-completion': '/stripe-completion?payment_intent=pi_3Q9x&redirect_status=succeeded',
  '*': '/no/such/page',
};

function addressOf(path: string): string {
  const address = sampleAddresses[path] ?? path;
  if (address.includes(':')) throw new Error(`No sample address for the route ${path}: add one to sampleAddresses.`);
  return address;
}

/** Every route once; /logout last, since it ends the session. */
const addresses = [...routePatterns.map(addressOf).filter((address) => address !== '/logout'), '/logout'];

/**
 * Goes to an address and waits until its page has loaded what it shows. The first address of
 * a test loads the app; the others are route changes inside it, as a person's clicks are.
 */
async function visit(page: Page, address: string): Promise<void> {
  if (page.url() === 'about:blank') {
    await page.goto(address);
  } else {
    await page.evaluate((next) => {
      window.history.pushState(null, '', next);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, address);
  }
  await expect(page.locator('#root')).not.toBeEmpty();
  // Lists and pages load their data; a spinner that stays is not this test's concern (the
  // phone project's sweep fails on one). A hidden one is not waited for.
  await expect(busyIndicators(page))
    .toHaveCount(0, { timeout: 5_000 })
    .catch(() => undefined);
}

/**
 * The tutorials the contract's examples name live on the real server, not in the build: a
 * missing file would be answered with the app's page (and its frame-ancestors), so the PDFs
 * are answered with the app's own fallback guide, as the server would answer a PDF.
 */
const guide = readFileSync(new URL('../../web/public/media/fallback/getting-started.pdf', import.meta.url));

/** Opens the help menus and the tutorial panel's video and PDF, which load media and frames. */
async function openHelp(page: Page): Promise<void> {
  await page.route(/\/media\/tutorials\/[\w-]+\.pdf$/, (route) => route.fulfill({ body: guide, contentType: 'application/pdf' }));
  await page.getByRole('banner').getByRole('button', { name: 'Help' }).click();
  await page.getByRole('menuitem', { name: 'Tutorial Videos' }).click();
  await expect(page.getByRole('dialog', { name: /Tutorial/ }).locator('video')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: /Help/ }).click();
  await page.getByRole('menuitem', { name: 'Tutorial PDF(s)' }).click();
  await expect(page.getByRole('dialog', { name: /Tutorial/ }).locator('iframe')).toBeVisible();
}

test.describe('the Content-Security-Policy', () => {
  test('visits every route of the route table', () => {
    expect(routePatterns).toEqual(
      expect.arrayContaining(['/', '/dashboard', '/template/edit/:id/step1', '/users/:page?', '/web-signing/:pageId?', '/login', '/logout', '*']),
    );
    expect(routePatterns.length).toBeGreaterThanOrEqual(41);
  });

  test('every HTML answer carries the policy, which allows no inline script but the boot script, and no inline style', async ({ page }) => {
    const html = await page.request.get('/login').then((answer) => answer.text());
    const policy = contentSecurityPolicy(html);
    for (const address of ['/login', '/dashboard', '/no/such/page', '/index.html']) {
      const response = await page.request.get(address);
      expect(response.headers()['content-security-policy'], address).toBe(policy);
    }
    // One inline script (the boot script, first in <head>), allowed by its hash alone.
    expect(inlineScriptHashes(html)).toHaveLength(1);
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('<script type="application/json"'));
    expect(policy).toMatch(/(^|; )script-src 'self' 'sha256-[\w+/]+=*';/);
    expect(policy).toMatch(/(^|; )style-src 'self';/);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(html).not.toMatch(/\sstyle="/);
  });

  // The phone project's sweeps watch every route as each role and signed out; this one, at a
  // desktop's width, opens the help menus and the tutorials' media too.
  test('as the administrator, no route breaks it, nor the help menus and tutorials', async ({ page }) => {
    test.slow();
    await signIn(page, 'administrator');
    const watch = await watchViolations(page);
    watch.at('/dashboard (help menus and tutorials)');
    await visit(page, '/dashboard');
    await openHelp(page);
    for (const address of addresses) {
      watch.at(address);
      await visit(page, address);
    }
    expect(watch.violations).toEqual([]);
  });
});
