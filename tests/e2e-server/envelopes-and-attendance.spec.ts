/**
 * Journeys of buying envelopes and of the Entry Book against the real server. The purchase is
 * made by a newly registered organisation (its own envelopes, so the demo organisation's
 * counter stays as the other journeys expect it); the clocking in by the demo's administrator.
 */
import { expect, test } from '@playwright/test';
import { linkIn, mailTo, signIn } from './support.ts';

test.describe('buying envelopes', () => {
  test('a new organisation buys a pack through the test payment page, which says it is one, and the header counter goes up', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const login = `seaside.${stamp}`;
    const email = `owner.${stamp}@seasidecare.example`;
    await page.goto('/register');
    await page.getByLabel('First name').fill('Rowan');
    await page.getByLabel('Last name').fill('Price');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Login name').fill(login);
    await page.getByLabel('Password').fill('seaside-secret-1');
    await page.getByLabel('Company').fill('Seaside Care Ltd');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('status')).toHaveText('Thank you. Please check your email: we have sent the next step to the address you gave.');
    await page.goto(linkIn(await mailTo(email, /Activate/)));
    await expect(page.getByRole('status')).toHaveText('Your account is active. You can log in now.');

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

    // Coming back to the same address adds nothing more.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Test payment received' })).toBeVisible();
    await expect(counter).toHaveAccessibleName(/^60 envelopes left/);
    await page.getByRole('link', { name: 'Back to your envelopes' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('unused of 60 envelopes');
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
