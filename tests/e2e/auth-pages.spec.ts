import { axeViolations } from '../support/axe.ts';
import { expect, preferOutcome, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

async function logIn(page: Page, name = 'olivia.bennett', password = 'not-my-password'): Promise<void> {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

test.describe('Log In', () => {
  const failures = [
    { prefer: 'example=wrongPassword', text: 'The user name or password is incorrect.' },
    { prefer: 'example=notActivated', text: 'Your account is not active yet. Please use the link in your activation email.' },
    { prefer: 'example=blocked', text: 'Your account has been blocked by Northwind Care Ltd. Please contact your administrator.' },
    { prefer: 'example=attemptLimit', text: 'Attempt limit exceeded, please try after some time.' },
    { prefer: 'example=undecodableToken', text: 'Authentication Failed' },
    { prefer: 'code=500, example=noMessage', text: 'Internal error. please try again' },
    { prefer: 'code=500, example=serverError', text: 'The service is busy. Please try again in a minute.' },
    { prefer: 'code=400, example=noMessage', text: 'Bad network. please try again' },
  ];
  for (const { prefer, text } of failures) {
    test(`shows "${text}" and keeps what was typed (${prefer})`, async ({ page }) => {
      await preferOutcome(page, '/login', prefer);
      await page.goto('/login');
      await logIn(page);
      await expect(page.getByRole('alert')).toHaveText(text);
      await expect(page.getByLabel('Name')).toHaveValue('olivia.bennett');
      await expect(page.getByLabel('Password', { exact: true })).toHaveValue('not-my-password');
      expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    });
  }

  test('sends the name, the password and challenge false, then stores the session under its local-storage keys', async ({ page }) => {
    await page.goto('/login');
    const request = page.waitForRequest((candidate) => new URL(candidate.url()).pathname === '/api/login');
    await logIn(page, 'olivia.bennett', 'correct-horse-battery');
    expect((await request).postDataJSON()).toEqual({ name: 'olivia.bennett', password: 'correct-horse-battery', challenge: false });
    await expect(page).toHaveURL(/\/dashboard$/);
    // The envelope counter keeps its count too, once it has it.
    await expect(page.getByRole('link', { name: /envelopes left/ })).toBeVisible();
    // The session's keys, and the company's date style kept for the next visit's first paint
    // (read with the shell's extras, once the dashboard is drawn).
    await expect
      .poll(() => page.evaluate(() => Object.keys(window.localStorage).sort()))
      .toEqual(['formsign.dateStyle', 'isFrontAdmin', 'isPersonal', 'isSubAdmin', 'isSuper', 'token', 'unusedEnvelopes', 'userIcon']);
  });

  test('works with the keyboard alone', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Name').focus();
    await page.keyboard.type('olivia.bennett');
    await page.keyboard.press('Tab');
    await page.keyboard.type('correct-horse-battery');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('Request a new password', () => {
  const outcomes = [
    { example: 'failed', text: 'Unexcepted error, Please try again later.' },
    { example: 'repeatFailed', text: 'Unexcepted error, Please try again later.' },
    { example: 'accountUnreadable', text: 'Unexcepted error, Please try again later.' },
    { example: 'repeatAccountUnreadable', text: 'Unexcepted error, Please try again later.' },
    { example: 'deliveryFailed', text: 'Verification code fails to deliver to email address. Please try again later.' },
    { example: 'attemptLimit', text: 'Attempt limit exceeded, please try after some time.' },
  ];
  for (const { example, text } of outcomes) {
    test(`shows "${text}" (${example})`, async ({ page }) => {
      await preferOutcome(page, '/forgot-password', `example=${example}`);
      await page.goto('/request-new-password');
      await page.getByLabel('Email').fill('olivia.bennett@northwindcare.example');
      await page.getByRole('button', { name: 'Send me a link' }).click();
      await expect(page.getByRole('alert')).toHaveText(text);
      await expect(page.getByLabel('Email')).toHaveValue('olivia.bennett@northwindcare.example');
    });
  }

  for (const example of ['unknownEmail', 'repeatUnknownEmail']) {
    test(`gives an empty message for ${example}`, async ({ page }) => {
      await preferOutcome(page, '/forgot-password', `example=${example}`);
      await page.goto('/request-new-password');
      await page.getByLabel('Email').fill('nobody@example.com');
      const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/forgot-password');
      await page.getByRole('button', { name: 'Send me a link' }).click();
      await answer;
      await expect(page.getByRole('button', { name: 'Send me a link' })).toBeEnabled();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByRole('status')).toHaveCount(0);
    });
  }

  for (const example of ['sent', 'resent']) {
    test(`confirms the email on ${example}`, async ({ page }) => {
      await preferOutcome(page, '/forgot-password', `example=${example}`);
      await page.goto('/request-new-password');
      await page.getByLabel('Email').fill('olivia.bennett@northwindcare.example');
      await page.getByRole('button', { name: 'Send me a link' }).click();
      await expect(page.getByRole('status')).toContainText('we have emailed it a link to set a new password');
    });
  }
});

test.describe('Set a new password', () => {
  const resetPath = '/user/reset/1001/1795000000/9b2e7c4d1a8f3e6b5c0d';
  const outcomes = [
    { example: 'failed', text: 'Unexcepted error, Please try again later.' },
    { example: 'mismatch', text: 'Unexcepted error, Please try again later.' },
    { example: 'alreadyUsed', text: 'You have already set a new password with this link.' },
    { example: 'expired', text: 'The password request link expired. Please request a new password request.' },
  ];
  for (const { example, text } of outcomes) {
    test(`shows "${text}" (${example})`, async ({ page }) => {
      await preferOutcome(page, '/set-new-password', `example=${example}`);
      await page.goto(resetPath);
      await page.getByLabel('New password', { exact: true }).fill('a-much-better-secret');
      await page.getByLabel('New password again').fill('a-much-better-secret');
      await page.getByRole('button', { name: 'Save the new password' }).click();
      await expect(page.getByRole('alert')).toHaveText(text);
    });
  }

  test('sends the link values with the password and confirms success', async ({ page }) => {
    await page.goto(resetPath);
    await page.getByLabel('New password', { exact: true }).fill('a-much-better-secret');
    await page.getByLabel('New password again').fill('a-much-better-secret');
    const request = page.waitForRequest((candidate) => new URL(candidate.url()).pathname === '/api/set-new-password');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    expect((await request).postDataJSON()).toEqual({
      userId: '1001',
      timestamp: '1795000000',
      hashedPassword: '9b2e7c4d1a8f3e6b5c0d',
      password: 'a-much-better-secret',
    });
    await expect(page.getByRole('status')).toHaveText('Your new password has been saved. You can log in now.');
  });

  test('refuses two different passwords before sending anything', async ({ page }) => {
    let sent = false;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/set-new-password') sent = true;
    });
    await page.goto(resetPath);
    await page.getByLabel('New password', { exact: true }).fill('a-much-better-secret');
    await page.getByLabel('New password again').fill('a-much-better-secreT');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('The two passwords are not the same.');
    expect(sent).toBe(false);
  });
});

test.describe('Register and activate', () => {
  async function fillRegistration(page: Page): Promise<void> {
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByLabel('Email').fill('grace.okafor@harbourhomes.example');
    await page.getByLabel('Login name').fill('grace.okafor');
    await page.getByLabel('Password').fill('my-new-secret-9');
    await page.getByLabel('Company').fill('Harbour Homes');
  }

  test('registers through a partner and asks to check the email', async ({ page }) => {
    await page.goto('/register/acme-partners');
    await fillRegistration(page);
    const request = page.waitForRequest((candidate) => new URL(candidate.url()).pathname === '/api/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    expect((await request).postDataJSON()).toMatchObject({ email: 'grace.okafor@harbourhomes.example', pmachinename: 'acme-partners' });
    await expect(page.getByRole('status')).toHaveText('Thank you. Please check your email: we are sending the next step to the address you gave.');
  });

  test('says when the user name is taken and keeps the form', async ({ page }) => {
    await preferOutcome(page, '/register', 'example=exists');
    await page.goto('/register');
    await fillRegistration(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toHaveText('This user name is taken. Please choose another one.');
    await expect(page.getByLabel('Company')).toHaveValue('Harbour Homes');
  });

  test('activates an account from its link', async ({ page }) => {
    await page.goto('/activate?key=7f3c9a1e5b2d4c6f8a0b1c2d3e4f5a6b');
    await expect(page.getByRole('status')).toHaveText('Your account is active. You can log in now.');
  });

  test('says when the activation link is not valid, and leads on', async ({ page }) => {
    await preferOutcome(page, '/activate', 'example=invalidKey');
    await page.goto('/activate?key=nope');
    await expect(page.getByRole('alert')).toHaveText('This activation link is not valid.');
    await expect(page.getByRole('link', { name: 'Go to Log In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  });

  test('a link without its key leads on: to Log In, or to ask for a new link', async ({ page }) => {
    await page.goto('/activate');
    await expect(page.getByRole('alert')).toHaveText('This activation link is not complete. Open the link from your activation email again.');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL(/\/request-new-password$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Go to Log In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  });
});

test.describe('confirming a new email address', () => {
  const key = '1001.1795000000.b2xpdmlhLmJlbm5ldHRAbWFpbC5leGFtcGxl.Q2hhbmdlT2ZBZGRyZXNzU2lnbmF0dXJlMDAw';

  test('confirms the address from its link, and leads to Log In', async ({ page }) => {
    const request = page.waitForRequest((candidate) => new URL(candidate.url()).pathname === '/api/confirm-email');
    await page.goto(`/confirm-email?key=${key}`);
    expect((await request).postDataJSON()).toEqual({ key });
    await expect(page.getByRole('heading', { name: 'Confirm your new email address', level: 2 })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Your email address has been changed. Use the new address to log in from now on.');
    await expect(page.getByRole('link', { name: 'Go to Log In' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const [example, text] of [
    ['alreadyUsed', 'This link has been used already: your email address is already changed.'],
    [
      'superseded',
      'This link no longer works: a later change of email address was asked for, or the password was changed. Please ask again from My Account.',
    ],
    ['expired', 'This link has expired. Please change your email address again from My Account.'],
    ['taken', 'This email address is now used by another account, so your email address was not changed.'],
  ] as const) {
    test(`says why a link did not change the address: ${example}`, async ({ page }) => {
      await preferOutcome(page, '/confirm-email', `example=${example}`);
      await page.goto(`/confirm-email?key=${key}`);
      await expect(page.getByRole('alert')).toHaveText(text);
      await expect(
        page.getByText('Your email address has not changed. To change it, ask again from My Account: we email a new link to the new address.'),
      ).toBeVisible();
    });
  }

  test('a link without its key says so', async ({ page }) => {
    await page.goto('/confirm-email');
    await expect(page.getByRole('alert')).toHaveText('This link is not complete. Open the link from the email we sent to your new address again.');
  });
});

test.describe('status pages', () => {
  test('not-allowed, denied and not-found explain themselves and lead on', async ({ page }) => {
    for (const [path, heading] of [
      ['/not-allowed', 'Not allowed'],
      ['/denied', 'Access denied'],
      ['/not-found', 'Page not found'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to Log In' })).toBeVisible();
    }
  });
});
