/**
 * The journeys of accounts and sessions against the real server: what a person does, with
 * what they do kept. Signing in with each demo role, two-factor sign-in, an invitation
 * followed from its email, a forgotten password reset from its email, and a new email address
 * confirmed from the link mailed to it.
 */
import { expect, test } from '@playwright/test';
import { authenticatorCode, linkIn, logIn, mailTo, signIn } from './support.ts';

test.describe('signing in', () => {
  test('the administrator signs in, stays signed in across a reload, and signs out', async ({ page }) => {
    // The demo organisation's envelopes (312 at first; the other journeys spend some meanwhile).
    const counted = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/envelopes');
    await signIn(page, 'demo.admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('banner')).toContainText('Olivia Bennett');
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' })).toBeVisible();
    const { unused } = (await (await counted).json()) as { unused: number };
    expect(unused).toBeGreaterThan(0);
    expect(unused).toBeLessThanOrEqual(312);
    await expect(page.getByRole('link', { name: /envelopes? left/ })).toHaveText(`${unused} envelopes left`);
    await page.reload();
    await expect(page.getByRole('banner')).toContainText('Olivia Bennett');
    await page.getByRole('button', { name: /Sign out/ }).click();
    await expect(page.getByRole('heading', { name: 'You have signed out' })).toBeVisible();
    await page.goto('/users');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('each demo account signs in with its real role', async ({ page }) => {
    await signIn(page, 'demo.basic');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await page.goto('/users');
    await expect(page).toHaveURL(/\/not-allowed$/);

    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, 'demo.personal');
    await expect(menu.getByRole('link', { name: 'Database' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Audit Forms' })).toBeVisible();

    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, 'demo.super');
    await expect(page.getByRole('banner')).toContainText('Super User');
  });

  test("a wrong password is refused in the product's words and what was typed stays", async ({ page }) => {
    await logIn(page, 'demo.admin', 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('The user name or password is incorrect.');
    await expect(page.getByLabel('Name')).toHaveValue('demo.admin');
  });
});

test.describe('two-factor sign-in', () => {
  test('a person asked to set it up adds the key to an app, signs in with its code, and is asked for a code next time', async ({ page }) => {
    // Amelia's administrator turned mfa on; she has no authenticator app yet.
    await logIn(page, 'amelia.hughes', 'formsign-demo-colleague');
    await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    const key = ((await page.locator('.second-factor__secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('6-digit code').fill(authenticatorCode(key));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

    await page.getByRole('button', { name: /Sign out/ }).click();
    await expect(page.getByRole('heading', { name: 'You have signed out' })).toBeVisible();
    await logIn(page, 'amelia.hughes', 'formsign-demo-colleague');
    await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible();
    await page.getByLabel('6-digit code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('The code is not correct. Please try again.');
    await expect(page.getByLabel('6-digit code')).toHaveValue('000000');

    // The fallback: a code by email.
    await page.getByRole('button', { name: 'Email me a code instead' }).click();
    await expect(page.getByText('We have emailed you a 6-digit code. It works for 10 minutes.')).toBeVisible();
    const mail = await mailTo('amelia.hughes@northwindcare.example', /sign-in code/);
    const code = /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? '';
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  });
});

test.describe('an invitation', () => {
  test('an administrator invites a colleague, who follows the emailed link, chooses a password and signs in', async ({ page, browser }) => {
    await signIn(page, 'demo.admin');
    await page.goto('/users');
    await page.getByRole('button', { name: 'Invite people' }).click();
    await page.getByLabel('Email').fill('priya.shah@northwindcare.example');
    await page.getByLabel('First name').fill('Priya');
    await page.getByLabel('Last name').fill('Shah');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'priya.shah@northwindcare.example' })).toContainText('Invitation sent successfully.');
    await expect(page.getByRole('row', { name: /Priya Shah/ })).toContainText('Invited');

    const mail = await mailTo('priya.shah@northwindcare.example', /invited you/);
    const invitee = await browser.newPage();
    await invitee.goto(linkIn(mail));
    await invitee.getByLabel('New password', { exact: true }).fill('priya-chose-this');
    await invitee.getByLabel('New password again').fill('priya-chose-this');
    await invitee.getByRole('button', { name: 'Save the new password' }).click();
    await expect(invitee.getByRole('status')).toHaveText('Your new password has been saved. You can log in now.');
    await signIn(invitee, 'priya.shah@northwindcare.example', 'priya-chose-this');
    await expect(invitee.getByRole('banner')).toContainText('Priya Shah');

    // The link worked once.
    await invitee.evaluate(() => window.localStorage.clear());
    await invitee.goto(linkIn(mail));
    await invitee.getByLabel('New password', { exact: true }).fill('someone-else-1');
    await invitee.getByLabel('New password again').fill('someone-else-1');
    await invitee.getByRole('button', { name: 'Save the new password' }).click();
    await expect(invitee.getByRole('alert')).toHaveText('You have already set a new password with this link.');
  });
});

test.describe('a forgotten password', () => {
  test('the emailed link sets a new password; the old one no longer works', async ({ page }) => {
    await page.goto('/request-new-password');
    await page.getByLabel('Email').fill('ruby.scott@northwindcare.example');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByRole('status')).toContainText('we have emailed it a link');
    const mail = await mailTo('ruby.scott@northwindcare.example', /password reset/);
    await page.goto(linkIn(mail));
    await page.getByLabel('New password', { exact: true }).fill('ruby-new-secret');
    await page.getByLabel('New password again').fill('ruby-new-secret');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('status')).toHaveText('Your new password has been saved. You can log in now.');
    await logIn(page, 'ruby.scott', 'formsign-demo-colleague');
    await expect(page.getByRole('alert')).toHaveText('The user name or password is incorrect.');
    await signIn(page, 'ruby.scott', 'ruby-new-secret');
  });
});

test.describe('a new email address', () => {
  test('takes the current password, waits for the link mailed to the new address, tells the old one, and changes once the link is followed', async ({
    page,
  }) => {
    const colleague = 'formsign-demo-colleague';
    const newAddress = `chloe.${Date.now().toString(36)}@mail.example`;
    await signIn(page, 'chloe.davies', colleague);
    await page.goto('/account');
    // The field itself: `getByLabel('Email')` also matches the confirmation page's section,
    // labelled "Confirm your new email address", while the account page is still loading.
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    await email.fill(newAddress);
    await page.getByLabel('Current password').fill(colleague);
    await page.getByRole('button', { name: 'Save your details' }).click();
    await expect(page.getByRole('status')).toContainText(`We have emailed a link to ${newAddress}.`);
    await expect(email).toHaveValue('chloe.davies@northwindcare.example');

    const notice = await mailTo('chloe.davies@northwindcare.example', /being changed/);
    expect(notice.text).toContain(newAddress);
    const mail = await mailTo(newAddress, /Confirm your new/);
    await page.goto(linkIn(mail));
    await expect(page.getByRole('status')).toHaveText('Your email address has been changed. Use the new address to log in from now on.');
    await page.getByRole('link', { name: 'Go to My Account' }).click();
    await expect(email).toHaveValue(newAddress);

    // The link worked once.
    await page.goto(linkIn(mail));
    await expect(page.getByRole('alert')).toHaveText('This link has been used already: your email address is already changed.');
    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, newAddress, colleague);
  });
});
