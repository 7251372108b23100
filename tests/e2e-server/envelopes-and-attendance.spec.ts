/**
 * Journeys of buying and granting envelopes and of the Entry Book against the real server. The
 * purchase and the grant go to newly registered organisations (their own envelopes, so the demo
 * organisation's counter stays as the other journeys expect it); the grant is made by the
 * demo's super user, of the first organisation, which runs the site; the clocking in by the
 * demo's administrator.
 */
import { expect, test, type Page } from '@playwright/test';
import { linkIn, mailTo, signIn } from './support.ts';

/** Registers and activates an organisation of its own, whose owner signs in with `login`. */
async function registerOrganisation(page: Page, { login, email, company }: { login: string; email: string; company: string }): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('First name').fill('Rowan');
  await page.getByLabel('Last name').fill('Price');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Login name').fill(login);
  await page.getByLabel('Password').fill('seaside-secret-1');
  await page.getByLabel('Company').fill(company);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toHaveText('Thank you. Please check your email: we are sending the next step to the address you gave.');
  await page.goto(linkIn(await mailTo(email, /Activate/)));
  await expect(page.getByRole('status')).toHaveText('Your account is active. You can log in now.');
}

test.describe('buying envelopes', () => {
  test('a new organisation buys a pack through the test payment page, which says it is one, and the header counter goes up', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const login = `seaside.${stamp}`;
    const email = `owner.${stamp}@seasidecare.example`;
    await registerOrganisation(page, { login, email, company: 'Seaside Care Ltd' });

    await signIn(page, login, 'seaside-secret-1');
    // A new organisation's trial envelopes.
    const counter = page.getByRole('link', { name: /envelopes? left/ });
    await expect(counter).toHaveAccessibleName(/^10 envelopes left/);
    await counter.click();
    await expect(page).toHaveURL(/\/account\?tab=2$/);
    const pack = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '50 envelopes', exact: true }) });
    await expect(pack).toContainText('£39.00');
    // The server runs the test provider (FORMSIGN_PAYMENTS=test): every page showing it says so.
    await expect(page.getByText('Test payments: this site takes no money.')).toBeVisible();
    await pack.getByRole('button', { name: 'Buy (test payment) 50 envelopes' }).click();

    await expect(page).toHaveURL(/\/checkout\/return\?session_id=cs_test_[\w-]+$/);
    await expect(page.getByRole('heading', { name: 'Test payment received' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'envelopes have been added' })).toHaveText(
      '50 envelopes have been added to your company. This was a test payment: no money was taken.',
    );
    await expect(page.getByText('Amount (test payment: no money taken)')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(counter).toHaveAccessibleName(/^60 envelopes left/);
    // The receipt the page says is on its way is mailed, and says it was a test payment.
    expect((await mailTo(email, /^Your receipt \(test payment\): 50 envelopes$/)).text).toContain('Test payment: no money was taken.');

    // Coming back to the same address adds nothing more.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Test payment received' })).toBeVisible();
    await expect(counter).toHaveAccessibleName(/^60 envelopes left/);
    await page.getByRole('link', { name: 'Back to your envelopes' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('unused of 60 envelopes');
  });
});

test.describe('granting envelopes', () => {
  test("the site's super user finds a new organisation and grants it envelopes, which its owner's counter shows", async ({ page, browser }) => {
    const stamp = Date.now().toString(36);
    const login = `lighthouse.${stamp}`;
    const company = `Lighthouse Care ${stamp}`;
    await registerOrganisation(page, { login, email: `owner.${stamp}@lighthousecare.example`, company });

    await signIn(page, 'demo.super');
    await page.goto('/account');
    await page.getByRole('tab', { name: 'Grant envelopes' }).click();
    await expect(page).toHaveURL(/\/account\?tab=4$/);
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Search organisations').fill(stamp);
    await panel.getByRole('button', { name: 'Filter' }).click();
    const row = panel.getByRole('table', { name: 'Organisations' }).getByRole('row', { name: new RegExp(company) });
    await expect(row).toContainText(`owner.${stamp}@lighthousecare.example`);
    await expect(row.getByRole('cell').nth(4)).toHaveText('10');
    await row.getByRole('button', { name: `Grant envelopes to ${company}` }).click();

    await panel.getByLabel('Envelopes to grant').fill('25');
    await panel.getByRole('button', { name: 'Grant envelopes', exact: true }).click();
    // No reason: nothing is asked of the server, and the number typed stays.
    await expect(panel.getByRole('alert')).toHaveText('Please say why the envelopes are granted.');
    await expect(panel.getByLabel('Envelopes to grant')).toHaveValue('25');
    await panel.getByLabel('Reason').fill('Invoice 2026-0142 paid by bank transfer');
    await panel.getByRole('button', { name: 'Grant envelopes', exact: true }).click();
    await expect(panel.getByRole('status').filter({ hasText: 'granted' })).toHaveText(
      `25 envelopes granted to ${company}: it now has 35 envelopes left of 35.`,
    );
    await expect(row.getByRole('cell').nth(4)).toHaveText('35');

    const owner = await browser.newContext();
    try {
      const ownerPage = await owner.newPage();
      await signIn(ownerPage, login, 'seaside-secret-1');
      await expect(ownerPage.getByRole('link', { name: /envelopes? left/ })).toHaveAccessibleName(/^35 envelopes left/);
    } finally {
      await owner.close();
    }
  });

  test('an administrator has no tab to grant envelopes', async ({ page }) => {
    await signIn(page, 'demo.admin');
    await page.goto('/account');
    await expect(page.getByRole('tab', { name: 'Envelopes' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Grant envelopes' })).toHaveCount(0);
  });
});

test.describe('the Entry Book', () => {
  test('clocking a staff member in shows them in at Time Attendance', async ({ page }) => {
    await signIn(page, 'demo.admin');
    await page.goto('/time-attendance');
    const main = page.getByRole('main');
    const noah = main.getByRole('table', { name: 'Staff' }).getByRole('row', { name: /Noah Patel/ });
    await expect(noah).toContainText('Not in');

    await main.getByRole('link', { name: 'Record an entry in the Entry Book' }).click();
    await expect(page).toHaveURL(/\/time-entry$/);
    const person = main.getByLabel('Person');
    const option = person.locator('option', { hasText: 'Noah Patel' });
    await person.selectOption((await option.getAttribute('value')) ?? '');
    await expect(main.getByRole('radio', { name: 'In' })).toBeChecked();
    await main.getByLabel('Note (optional)').fill('Covering the front desk');
    await main.getByRole('button', { name: 'Record entry' }).click();
    await expect(page.locator('.toast[data-type="success"]')).toContainText('Noah Patel: in at');
    await expect(main.getByRole('table', { name: /^Entries on / }).getByRole('row', { name: /Noah Patel/ })).toContainText('Covering the front desk');

    await page.goto('/time-attendance');
    await main.getByLabel('Show').selectOption({ label: 'In now' });
    await expect(main.getByRole('table', { name: 'Staff' }).getByRole('row', { name: /Noah Patel/ })).toContainText('In');
    await expect(main.getByRole('table', { name: 'Staff' }).getByRole('row', { name: /Noah Patel/ })).not.toContainText('Not in');
  });
});
