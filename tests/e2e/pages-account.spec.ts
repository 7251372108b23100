import { axeViolations } from '../support/axe.ts';
import { expect, preferOutcome, signIn, test } from './fixtures.ts';
import { actionOf, nextRequest, preferFor, recordRequests, tabTo } from './support-account.ts';

test.describe('Users', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'administrator');
  });

  test('shows each person with class, units, mfa, set-up, status and last login; the page comes from the path', async ({ page }) => {
    const request = nextRequest(page, '/users');
    await page.goto('/users/2?limit=10&status=active');
    expect((await request).postDataJSON()).toEqual({ page: 2, limit: 10, filters: { status: 'active' } });
    const amelia = page.getByRole('row', { name: /Amelia Hughes/ });
    await expect(amelia.getByRole('cell')).toHaveText([
      /^Amelia Hughes\s*amelia\.hughes@northwindcare\.example$/,
      'Administrator',
      'Administrator',
      'Head Office',
      'On',
      'Active',
      '06/11/2026 10:33',
      /Actions/,
    ]);
    const emily = page.getByRole('row', { name: /Emily Clarke/ });
    await expect(emily.getByRole('cell')).toHaveText([
      /Emily Clarke/,
      'Staff',
      'Basic user',
      'Riverside Lodge, Meadow View',
      /^Off\s*Set-up required$/,
      'Invited',
      'Never',
      /Actions/,
    ]);
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('active');
    await expect(page.getByText('Page 2 of 3')).toBeVisible();
  });

  test('keeps the page in the path and the rest of the view in the query', async ({ page }) => {
    await page.goto('/users?limit=10');
    await expect(page.getByRole('row', { name: /Amelia Hughes/ })).toBeVisible();
    let request = nextRequest(page, '/users');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/users\/2\?limit=10$/);
    expect((await request).postDataJSON()).toMatchObject({ page: 2, limit: 10 });

    request = nextRequest(page, '/users');
    await page.getByRole('button', { name: 'Last login' }).click();
    await expect(page).toHaveURL(/\/users\?limit=10&sort=last_login&order=asc$/);
    expect((await request).postDataJSON()).toEqual({ page: 1, limit: 10, filters: { sort: 'last_login', order: 'asc' } });

    request = nextRequest(page, '/users');
    await page.getByLabel('Search users').fill('hughes');
    await page.getByLabel('Search users').press('Enter');
    expect((await request).postDataJSON()).toMatchObject({ page: 1, filters: { search: 'hughes', sort: 'last_login' } });
    await page.reload();
    await expect(page.getByLabel('Search users')).toHaveValue('hughes');
  });

  test('turns mfa on with the keyboard alone, and says so', async ({ page }) => {
    await page.goto('/users');
    const ethan = page.getByRole('row', { name: /Ethan Wright/ });
    await expect(ethan.getByRole('cell').nth(4)).toHaveText('Off');
    await ethan.getByRole('button', { name: 'Actions for Ethan Wright' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Turn MFA on' })).toBeVisible();
    const request = nextRequest(page, '/users-commands');
    // The first enabled item (Turn MFA on) has the focus.
    await expect(page.getByRole('menuitem', { name: 'Turn MFA on' })).toBeFocused();
    await page.keyboard.press('Enter');
    expect((await request).postDataJSON()).toEqual({ id: 2002, email: 'ethan.wright@northwindcare.example', type: 'mfa', value: 1 });
    await expect(ethan.getByRole('cell').nth(4)).toHaveText('On');
    await expect(page.getByRole('status').filter({ hasText: 'Ethan Wright: multi-factor authentication is on.' })).toBeVisible();
  });

  test('mfa 3 turns it off and requires set-up', async ({ page }) => {
    await page.goto('/users');
    const amelia = page.getByRole('row', { name: /Amelia Hughes/ });
    await amelia.getByRole('button', { name: 'Actions for Amelia Hughes' }).click();
    const request = nextRequest(page, '/users-commands');
    await page.getByRole('menuitem', { name: 'Turn MFA off and require set-up' }).click();
    expect((await request).postDataJSON()).toMatchObject({ id: 2001, type: 'mfa', value: 3 });
    await expect(amelia.getByRole('cell').nth(4)).toHaveText(/^Off\s*Set-up required$/);
  });

  test('a refused command leaves the row as it was and shows why', async ({ page }) => {
    await preferOutcome(page, '/users-commands', 'example=failed');
    await page.goto('/users');
    const ethan = page.getByRole('row', { name: /Ethan Wright/ });
    await ethan.getByRole('button', { name: 'Actions for Ethan Wright' }).click();
    await page.getByRole('menuitem', { name: 'Turn MFA on' }).click();
    await expect(page.getByRole('alert')).toHaveText(/Parameter failed\./);
    await expect(ethan.getByRole('cell').nth(4)).toHaveText('Off');
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('changing the class empties the units', async ({ page }) => {
    await page.goto('/users');
    const mohammed = page.getByRole('row', { name: /Mohammed Khan/ });
    await mohammed.getByRole('button', { name: 'Actions for Mohammed Khan' }).click();
    await page.getByRole('menuitem', { name: 'Change class…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the class of Mohammed Khan' });
    await expect(dialog.getByText('Changing the class removes Mohammed Khan from the units Elm Court, Riverside Lodge.')).toBeVisible();
    await dialog.getByLabel('Class').fill('Manager');
    const request = nextRequest(page, '/users-commands');
    await dialog.getByRole('button', { name: 'Change class' }).click();
    expect((await request).postDataJSON()).toEqual({ id: 2006, email: 'mohammed.khan@northwindcare.example', type: 'class', value: 'Manager' });
    await expect(dialog).toHaveCount(0);
    await expect(mohammed.getByRole('cell').nth(1)).toHaveText('Manager');
    await expect(mohammed.getByRole('cell').nth(3)).toHaveText('None');
  });

  test('a failed class change keeps the dialog and what was typed', async ({ page }) => {
    await preferOutcome(page, '/users-commands', 'code=500, example=noMessage');
    await page.goto('/users');
    await page.getByRole('button', { name: 'Actions for Priya Shah' }).click();
    await page.getByRole('menuitem', { name: 'Change class…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the class of Priya Shah' });
    await dialog.getByLabel('Class').fill('Team lead');
    await dialog.getByRole('button', { name: 'Change class' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Internal error. please try again');
    await expect(dialog.getByLabel('Class')).toHaveValue('Team lead');
    await expect(
      page
        .getByRole('row', { name: /Priya Shah/ })
        .getByRole('cell')
        .nth(1),
    ).toHaveText('Staff');
  });

  test('edits the units with the keyboard', async ({ page }) => {
    await page.goto('/users');
    await page.getByRole('button', { name: 'Actions for Priya Shah' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Edit units…' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Units of Priya Shah' });
    await dialog.getByRole('checkbox', { name: 'Elm Court' }).focus();
    await page.keyboard.press('Space');
    await dialog.getByLabel('Add units').focus();
    await page.keyboard.type('Night team');
    const request = nextRequest(page, '/users-commands');
    await page.keyboard.press('Enter');
    expect((await request).postDataJSON()).toEqual({
      id: 2003,
      email: 'priya.shah@northwindcare.example',
      type: 'unit',
      value: ['Riverside Lodge', 'Elm Court', 'Night team'],
    });
    await expect(
      page
        .getByRole('row', { name: /Priya Shah/ })
        .getByRole('cell')
        .nth(3),
    ).toHaveText('Riverside Lodge, Elm Court, Night team');
  });

  test('deletes a user after a confirmation', async ({ page }) => {
    await page.goto('/users');
    await page.getByRole('button', { name: 'Actions for Joseph Ward' }).click();
    await page.getByRole('menuitem', { name: 'Delete user…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Joseph Ward?' });
    await expect(dialog).toContainText('joseph.ward@northwindcare.example will no longer be able to log in.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('row', { name: /Joseph Ward/ })).toBeVisible();

    // Again, with the keyboard alone.
    await page.getByRole('button', { name: 'Actions for Joseph Ward' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Delete user…' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete Joseph Ward?' });
    await tabTo(page, confirm.getByRole('button', { name: 'Delete user' }));
    const request = nextRequest(page, '/users-commands');
    await page.keyboard.press('Enter');
    expect((await request).postDataJSON()).toEqual({ id: 2024, email: 'joseph.ward@northwindcare.example', type: 'delete', value: '' });
    await expect(page.getByRole('row', { name: /Joseph Ward/ })).toHaveCount(0);
    await expect(page.getByText('Joseph Ward: deleted.')).toBeVisible();
  });

  test('invites several people; each row shows its outcome and the failed rows stay to be corrected', async ({ page }) => {
    await preferOutcome(page, '/invite', 'example=mixed');
    await page.goto('/users');
    await page.getByRole('button', { name: 'Invite people' }).click();
    const form = page.getByRole('region', { name: 'Invite people' });
    const people = [
      ['maya.fischer@northwindcare.example', 'Maya', 'Fischer'],
      ['amelia.hughes@northwindcare.example', 'Amelia', 'Hughes'],
      ['noah@northwindcare', 'Noah', ''],
    ] as const;
    for (const [index, [email, first, last]] of people.entries()) {
      if (index > 0) await form.getByRole('button', { name: 'Add another person' }).click();
      const row = form.getByRole('group', { name: `Person ${index + 1}` });
      await row.getByLabel('Email').fill(email);
      await row.getByLabel('First name').fill(first);
      await row.getByLabel('Last name').fill(last);
    }
    // "noah@northwindcare" has no domain ending: the form says so before sending anything.
    const invites = recordRequests(page, '/invite');
    await form.getByRole('button', { name: 'Send 3 invitations' }).click();
    await expect(form.getByText('Enter an email address like name@example.com.')).toBeVisible();
    await expect(form.getByRole('group', { name: 'Person 3' }).getByLabel('Email')).toBeFocused();
    expect(invites).toHaveLength(0);
    await form.getByRole('group', { name: 'Person 3' }).getByLabel('Email').fill('noah@northwindcare.example');

    const request = nextRequest(page, '/invite');
    await form.getByRole('button', { name: 'Send 3 invitations' }).click();
    expect((await request).postDataJSON()).toEqual({
      users: [
        { email: 'maya.fischer@northwindcare.example', first_name: 'Maya', last_name: 'Fischer', class: 'Staff' },
        { email: 'amelia.hughes@northwindcare.example', first_name: 'Amelia', last_name: 'Hughes', class: 'Staff' },
        { email: 'noah@northwindcare.example', first_name: 'Noah', last_name: '', class: 'Staff' },
      ],
    });
    await expect(form.getByRole('status')).toHaveText('maya.fischer@northwindcare.example: Invitation sent successfully.');
    await expect(form.getByText('2 people were not invited. Correct the rows below and send again.')).toBeVisible();
    const first = form.getByRole('group', { name: 'Person 1' });
    await expect(first.getByLabel('Email')).toHaveValue('amelia.hughes@northwindcare.example');
    await expect(first.getByLabel('Email')).toHaveAccessibleDescription('User already exists.');
    const second = form.getByRole('group', { name: 'Person 2' });
    await expect(second.getByLabel('Email')).toHaveValue('noah@northwindcare.example');
    await expect(second.getByLabel('Email')).toHaveAccessibleDescription('Parameter failed.');
    await expect(form.getByRole('group', { name: 'Person 3' })).toHaveCount(0);
  });

  test('invites a person with the keyboard alone', async ({ page }) => {
    await page.goto('/users');
    await page.getByRole('button', { name: 'Invite people' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Invite people' }).getByLabel('Email').focus();
    await page.keyboard.type('maya.fischer@northwindcare.example');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Maya');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Fischer');
    const request = nextRequest(page, '/invite');
    await page.keyboard.press('Enter');
    expect((await request).postDataJSON()).toEqual({
      users: [{ email: 'maya.fischer@northwindcare.example', first_name: 'Maya', last_name: 'Fischer', class: 'Staff' }],
    });
    const form = page.getByRole('region', { name: 'Invite people' });
    await expect(form.getByRole('status')).toHaveText('maya.fischer@northwindcare.example: Invitation sent successfully.');
    await expect(form.getByLabel('Email')).toHaveValue('');
  });

  test('a failed fetch says so in the catalogue words, with a retry', async ({ page }) => {
    await preferOutcome(page, '/users', 'code=500, example=noMessage');
    await page.goto('/users');
    await expect(page.getByRole('alert')).toHaveText(/Could not fetch users\. Please try again later\./);
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('row', { name: /Amelia Hughes/ })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('says when nobody matches', async ({ page }) => {
    await preferOutcome(page, '/users', 'example=empty');
    await page.goto('/users?search=zebedee');
    await expect(page.getByText('No users match these filters.')).toBeVisible();
  });
});

test.describe('Users, for those who are not administrators', () => {
  test('a basic user is not allowed', async ({ page }) => {
    await signIn(page, 'basicUser');
    await page.goto('/users');
    await expect(page).toHaveURL(/\/not-allowed$/);
  });
});

test.describe('My Account', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'administrator');
  });

  test('saves your details and says so', async ({ page }) => {
    await page.goto('/account');
    await expect(page.getByRole('tab', { name: 'Your details' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('First name')).toHaveValue('Olivia');
    await expect(page.getByText('You log in as olivia.bennett · Administrator')).toBeVisible();
    await page.getByLabel('Last name').fill('Bennett-Shaw');
    const request = nextRequest(page, '/user', 'PUT');
    await page.getByRole('button', { name: 'Save your details' }).click();
    expect((await request).postDataJSON()).toEqual({
      data: {
        first_name: 'Olivia',
        last_name: 'Bennett-Shaw',
        email: 'olivia.bennett@northwindcare.example',
        phone: '+44 20 7946 0321',
        job_title: 'Operations Director',
      },
    });
    await expect(page.getByRole('status').filter({ hasText: 'Your details have been saved.' })).toBeVisible();
  });

  test('a failed save shows the response error and keeps what was typed', async ({ page }) => {
    await preferFor(page, '/user', (request) => (request.method() === 'PUT' ? 'code=400, example=wrongPassword' : null));
    await page.goto('/account');
    await page.getByLabel('Email').fill('olivia.bennett@mail.example');
    await page.getByLabel('New password', { exact: true }).fill('a-longer-password');
    await page.getByLabel('Repeat the new password').fill('a-longer-password');
    await page.getByLabel('Current password').fill('not-quite-right');
    const request = nextRequest(page, '/user', 'PUT');
    await page.getByRole('button', { name: 'Save your details' }).click();
    expect((await request).postDataJSON()).toMatchObject({
      data: { email: 'olivia.bennett@mail.example', password: 'a-longer-password', current_password: 'not-quite-right' },
    });
    await expect(page.getByRole('alert')).toHaveText('Your current password is not correct.');
    await expect(page.getByLabel('Email')).toHaveValue('olivia.bennett@mail.example');
    await expect(page.getByLabel('New password', { exact: true })).toHaveValue('a-longer-password');
    await expect(page.getByLabel('Current password')).toHaveValue('not-quite-right');
  });

  test('asks for the current password before sending a new email address', async ({ page }) => {
    const saves = recordRequests(page, '/user');
    await page.goto('/account');
    await page.getByLabel('Email').fill('olivia.bennett@mail.example');
    await page.getByRole('button', { name: 'Save your details' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter your current password to change your email address or your password.');
    await expect(page.getByLabel('Current password')).toBeFocused();
    expect(saves.filter((request) => request.method() === 'PUT')).toHaveLength(0);
  });

  test('a new email address waits for its link: the answer says so, and the form keeps the current address', async ({ page }) => {
    await preferFor(page, '/user', (request) => (request.method() === 'PUT' ? 'example=emailPending' : null));
    await page.goto('/account');
    await page.getByLabel('Email').fill('olivia.bennett@mail.example');
    await page.getByLabel('Current password').fill('correct-horse-battery');
    const request = nextRequest(page, '/user', 'PUT');
    await page.getByRole('button', { name: 'Save your details' }).click();
    expect((await request).postDataJSON()).toMatchObject({
      data: { email: 'olivia.bennett@mail.example', current_password: 'correct-horse-battery' },
    });
    await expect(page.getByRole('status').filter({ hasText: 'We have emailed a link to olivia.bennett@mail.example.' })).toHaveText(
      'We have emailed a link to olivia.bennett@mail.example. Your email address changes when the link is followed, within 24 hours; until then it stays olivia.bennett@northwindcare.example.',
    );
    await expect(page.getByText(/saved/)).toHaveCount(0);
    await expect(page.getByLabel('Email')).toHaveValue('olivia.bennett@northwindcare.example');
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
      'olivia.bennett@mail.example is waiting for confirmation: follow the link we emailed to it (it works for 24 hours). Until then you keep this address.',
    );
    await expect(page.getByLabel('Current password')).toHaveValue('');
  });

  test('checks the details before sending them', async ({ page }) => {
    const saves = recordRequests(page, '/user');
    await page.goto('/account');
    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save your details' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter your first name.');
    await expect(page.getByLabel('First name')).toBeFocused();
    await page.getByLabel('First name').fill('Olivia');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await expect(page.getByRole('alert')).toHaveText('Use at least 8 characters for your new password.');
    await page.getByLabel('New password', { exact: true }).fill('long enough now');
    await page.getByRole('button', { name: 'Save your details' }).click();
    await expect(page.getByRole('alert')).toHaveText('The two passwords are not the same.');
    expect(saves.filter((request) => request.method() === 'PUT')).toHaveLength(0);
  });

  test('the envelope counter leads to the envelopes: unused of the total, and the packs on offer', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('link', { name: /envelopes left/ }).click();
    await expect(page).toHaveURL(/\/account\?tab=2$/);
    await expect(page.getByRole('tab', { name: 'Envelopes' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText('312', { exact: true })).toBeVisible();
    await expect(panel.getByText('unused of 500 envelopes')).toBeVisible();
    await expect(panel.getByRole('heading', { level: 3 })).toHaveText(['100 envelopes', '250 envelopes', '1000 envelopes']);
    await expect(panel.getByRole('listitem').filter({ hasText: '250 envelopes' })).toContainText('£149.00');
  });

  test('buying envelopes goes to the payment page, which comes back with the outcome', async ({ page }) => {
    // No example is chosen here: the mock answers the checkout and the status each with its own (x-mock-examples).
    await page.goto('/account?tab=2');
    const pack = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '250 envelopes' }) });
    await pack.getByLabel('Quantity').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('2');
    await expect(pack.getByText('Total £298.00 for 500 envelopes')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(pack.getByRole('button', { name: 'Buy 250 envelopes' })).toBeFocused();
    const request = nextRequest(page, '/products', 'POST', 'checkout');
    await page.keyboard.press('Enter');
    expect((await request).postDataJSON()).toEqual({ action: 'checkout', product: 'env-250', quantity: 2 });
    await expect(page).toHaveURL(/\/checkout\/return\?session_id=cs_test_a1B2c3D4e5$/);
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  });

  test('where the site sells no envelopes, says whom to ask instead of offering a checkout', async ({ page }) => {
    await page.route(
      (url) => url.pathname === '/api/products',
      async (route) => {
        if (actionOf(route.request()) !== 'list') return route.continue();
        const answer = await (await route.fetch()).json();
        return route.fulfill({ json: { ...answer, payments: 'none' } });
      },
    );
    await page.goto('/account?tab=2');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { name: 'More envelopes' })).toBeVisible();
    await expect(panel).toContainText(
      'Envelopes are not sold online on this site. Ask the people who run formsign for your organisation to add envelopes',
    );
    await expect(panel.getByRole('link', { name: 'Help, Contact Us' })).toHaveAttribute('href', '/help');
    await expect(panel.getByRole('button', { name: /^Buy/ })).toHaveCount(0);
  });

  test('a checkout address outside this site and the trusted payment providers is not followed', async ({ page }) => {
    await page.route(
      (url) => url.pathname === '/api/products',
      async (route) => {
        if (actionOf(route.request()) !== 'checkout') return route.continue();
        return route.fulfill({ json: { session_id: 'cs_test_a1B2c3D4e5', url: 'javascript:document.title="taken"' } });
      },
    );
    await page.goto('/account?tab=2');
    const pack = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '100 envelopes' }) });
    await pack.getByRole('button', { name: 'Buy 100 envelopes' }).click();
    await expect(page.getByRole('alert')).toHaveText('Unexcepted error. Please try again later.');
    await expect(pack.getByRole('button', { name: 'Buy 100 envelopes' })).toBeEnabled();
    await expect(page).toHaveURL(/\/account\?tab=2$/);
    expect(await page.title()).not.toBe('taken');
  });

  test('a refused checkout says why and keeps the quantity', async ({ page }) => {
    await preferFor(page, '/products', (request) => (actionOf(request) === 'checkout' ? 'code=500, example=serverError' : null));
    await page.goto('/account?tab=2');
    const pack = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '100 envelopes' }) });
    await pack.getByLabel('Quantity').fill('3');
    await pack.getByRole('button', { name: 'Buy 100 envelopes' }).click();
    await expect(page.getByRole('alert')).toHaveText('The service is busy. Please try again in a minute.');
    await expect(pack.getByLabel('Quantity')).toHaveValue('3');
    await expect(page).toHaveURL(/\/account\?tab=2$/);
  });

  test('saves the company with the keyboard; a failure shows the response error and keeps the typing', async ({ page }) => {
    await preferFor(page, '/user', (request) => (request.method() === 'POST' ? 'code=500, example=serverError' : null));
    await page.goto('/account');
    await page.getByRole('tab', { name: 'Your details' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Company' })).toBeFocused();
    await expect(page).toHaveURL(/\?tab=3$/);
    await page.getByLabel('Company name').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Northwind Care Group');
    const request = nextRequest(page, '/user', 'POST');
    await page.keyboard.press('Enter');
    expect((await request).postDataJSON()).toEqual({
      data: {
        name: 'Northwind Care Group',
        address: '14 Harbour Street, Bristol BS1 4QA',
        phone: '+44 117 496 0100',
        email: 'office@northwindcare.example',
        vat_number: 'GB 123 4567 89',
      },
    });
    await expect(page.getByRole('alert')).toHaveText('The account could not be saved right now. Please try again.');
    await expect(page.getByLabel('Company name')).toHaveValue('Northwind Care Group');
    // The draft outlives a tab change.
    await page.getByRole('tab', { name: 'Your details' }).click();
    await page.getByRole('tab', { name: 'Company' }).click();
    await expect(page.getByLabel('Company name')).toHaveValue('Northwind Care Group');
  });

  test('a failed load says why, with a retry', async ({ page }) => {
    await preferFor(page, '/user', (request) => (request.method() === 'GET' ? 'code=500, example=noMessage' : null));
    await page.goto('/account');
    await expect(page.getByRole('alert')).toHaveText(/Internal error\. please try again/);
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByLabel('First name')).toHaveValue('Olivia');
  });

  test('a basic user sees only their details', async ({ page }) => {
    const basic = await page.context().newPage();
    await signIn(basic, 'basicUser');
    await basic.goto('/account?tab=2');
    await expect(basic.getByRole('heading', { name: 'Your details' })).toBeVisible();
    await expect(basic.getByRole('tab')).toHaveCount(0);
    await expect(basic.getByText('unused of')).toHaveCount(0);
  });
});

test.describe('Purchase outcome', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'administrator');
  });

  test('a complete checkout shows the envelopes added and the amount paid, and leads back', async ({ page }) => {
    await preferOutcome(page, '/products', 'example=paid');
    const request = nextRequest(page, '/products');
    await page.goto('/checkout/return?session_id=cs_test_a1B2c3D4e5');
    expect((await request).postDataJSON()).toEqual({ action: 'status', session_id: 'cs_test_a1B2c3D4e5' });
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
    await expect(page.getByText('250 envelopes have been added to your company.')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '£149.00' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to your envelopes' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/account\?tab=2$/);
  });

  test('a complete purchase has the header’s counter ask for the unused envelopes again', async ({ page }) => {
    let unused = 3;
    await page.route(
      (url) => url.pathname === '/api/envelopes',
      (route) => route.fulfill({ json: { unused } }),
    );
    // The status answers only once the counter has shown the count from before the purchase.
    let release = (): void => undefined;
    const counted = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === '/api/products',
      async (route) => {
        await counted;
        await route.continue({ headers: { ...route.request().headers(), prefer: 'example=paid' } });
      },
    );
    await page.goto('/checkout/return?session_id=cs_test_a1B2c3D4e5');
    const counter = page.getByRole('link', { name: /envelopes left/ });
    await expect(counter).toHaveAccessibleName(/^3 envelopes left/);
    unused = 253;
    release();
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
    await expect(counter).toHaveAccessibleName(/^253 envelopes left/);
  });

  test('an open checkout is checked again by itself for a minute, then can be checked again', async ({ page }) => {
    await page.clock.install();
    await preferOutcome(page, '/products', 'example=open');
    await page.goto('/checkout/return?session_id=cs_test_a1B2c3D4e5');
    await expect(page.getByRole('heading', { name: 'Your payment is still being processed' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check again' })).toHaveCount(0);
    const rechecked = nextRequest(page, '/products', 'POST', 'status');
    await page.clock.runFor(2_000);
    await rechecked;
    await page.clock.runFor(60_000);
    await expect(page.getByRole('button', { name: 'Check again' })).toBeVisible();
    const request = nextRequest(page, '/products', 'POST', 'status');
    await page.getByRole('button', { name: 'Check again' }).press('Enter');
    await request;
  });

  test('an expired checkout says nothing was taken', async ({ page }) => {
    await preferOutcome(page, '/products', 'example=expired');
    await page.goto('/checkout/return?session_id=cs_test_a1B2c3D4e5');
    await expect(page.getByRole('heading', { name: 'This checkout has expired' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Buy envelopes' })).toHaveAttribute('href', '/account?tab=2');
  });

  test('a link without its id is a clear error', async ({ page }) => {
    const calls = recordRequests(page, '/products');
    await page.goto('/checkout/return');
    await expect(page.getByRole('heading', { name: 'This payment link is incomplete' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('The link has no payment reference');
    expect(calls).toHaveLength(0);
  });

  test('a failed status check shows the catalogue words, with a retry', async ({ page }) => {
    await preferOutcome(page, '/products', 'code=500, example=noMessage');
    await page.goto('/checkout/return?session_id=cs_test_a1B2c3D4e5');
    await expect(page.getByRole('alert')).toHaveText(/Internal error\. please try again/);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  test('the card payment return asks by the payment intent', async ({ page }) => {
    await preferOutcome(page, '/products', 'example=paid');
    const request = nextRequest(page, '/products');
    await page.goto('/stripe-completion?payment_intent=pi_3Q9x&payment_intent_client_secret=secret&redirect_status=succeeded');
    expect((await request).postDataJSON()).toEqual({ action: 'status', session_id: 'pi_3Q9x' });
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  });

  test('a payment the provider reports as failed says so', async ({ page }) => {
    await preferOutcome(page, '/products', 'example=open');
    await page.goto('/stripe-completion?payment_intent=pi_3Q9x&redirect_status=failed');
    await expect(page.getByRole('heading', { name: 'Your payment failed' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/account?tab=2');
  });

  test('the card payment return without an id is a clear error', async ({ page }) => {
    await page.goto('/stripe-completion?redirect_status=succeeded');
    await expect(page.getByRole('heading', { name: 'This payment link is incomplete' })).toBeVisible();
  });
});

test.describe('Settings', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'administrator');
  });

  test('shows the company settings and saves a change', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByLabel('Time zone')).toHaveValue('Europe/London');
    await expect(page.getByLabel('Date format')).toHaveValue('DD/MM/YYYY');
    await expect(page.getByLabel('Remind signers after (days)')).toHaveValue('3');
    await expect(page.getByLabel('Keep ended forms for (days)')).toHaveValue('2555');
    await expect(page.getByText('About 7 years.')).toBeVisible();
    await expect(page.getByLabel('Signers may type their name instead of drawing a signature')).toBeChecked();
    await expect(page.getByLabel('Sites that may embed signing pages')).toHaveValue('https://www.northwindcare.example');
    await page.getByLabel('Remind signers after (days)').fill('7');
    await page.getByLabel('Signers may type their name instead of drawing a signature').uncheck();
    await page.getByLabel('Date format').selectOption('YYYY-MM-DD');
    // What was chosen outlives a tab change.
    await page.getByRole('tab', { name: 'Template categories' }).click();
    await page.getByRole('tab', { name: 'Company settings' }).click();
    await expect(page.getByLabel('Remind signers after (days)')).toHaveValue('7');
    const request = nextRequest(page, '/user', 'POST');
    await page.getByRole('button', { name: 'Save settings' }).click();
    // Only what changed is sent: a save does not put back what another administrator changed meanwhile.
    expect((await request).postDataJSON()).toEqual({
      data: { settings: { date_format: 'YYYY-MM-DD', reminder_days: 7, allow_typed_signature: false } },
    });
    await expect(page.getByRole('status').filter({ hasText: 'Your settings have been saved.' })).toBeVisible();
  });

  test('checks the ranges, and a failed save keeps the changes', async ({ page }) => {
    await preferFor(page, '/user', (request) => (request.method() === 'POST' ? 'code=400, example=emailTaken' : null));
    await page.goto('/settings');
    await page.getByLabel('Remind signers after (days)').fill('90');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter a number of days from 0 to 60 for reminders (0 turns them off).');
    await expect(page.getByLabel('Remind signers after (days)')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('14');
    const request = nextRequest(page, '/user', 'POST');
    await page.keyboard.press('Enter');
    expect((await request).postDataJSON()).toMatchObject({ data: { settings: { reminder_days: 14 } } });
    await expect(page.getByRole('alert')).toHaveText('This email address is used by another account.');
    await expect(page.getByLabel('Remind signers after (days)')).toHaveValue('14');
  });

  test('a failed load says why, with a retry', async ({ page }) => {
    await preferOutcome(page, '/fetch-settings', 'code=500, example=serverError');
    await page.goto('/settings');
    await expect(page.getByRole('alert')).toHaveText(/The service is busy\. Please try again in a minute\./);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  test('adds a category; a duplicate name is refused and kept', async ({ page }) => {
    let duplicate = false;
    await preferFor(page, '/categories', (request) => (duplicate && actionOf(request) === 'save' ? 'example=duplicate' : null));
    await page.goto('/settings?tab=categories');
    await expect(
      page
        .getByRole('row', { name: /Health and Safety/ })
        .getByRole('cell')
        .nth(1),
    ).toHaveText('2 templates');
    await page.getByLabel('New category').fill('Facilities');
    const request = nextRequest(page, '/categories', 'POST', 'save');
    await page.getByRole('button', { name: 'Add category' }).click();
    expect((await request).postDataJSON()).toEqual({ action: 'save', name: 'Facilities' });
    await expect(page.getByText('The category “Facilities” was added.')).toBeVisible();
    await expect(page.getByLabel('New category')).toHaveValue('');

    duplicate = true;
    await page.getByLabel('New category').fill('Care');
    await page.getByLabel('New category').press('Enter');
    await expect(page.getByRole('alert')).toHaveText('A category with this name exists.');
    await expect(page.getByLabel('New category')).toHaveValue('Care');
  });

  test('renames and deletes a category with the keyboard', async ({ page }) => {
    await page.goto('/settings?tab=categories');
    await page.getByRole('button', { name: 'Rename Finance' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Rename “Finance”' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Finance and payroll');
    let request = nextRequest(page, '/categories', 'POST', 'save');
    await page.keyboard.press('Enter');
    expect((await request).postDataJSON()).toEqual({ action: 'save', id: 4, name: 'Finance and payroll' });
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('“Finance” was renamed “Finance and payroll”.')).toBeVisible();

    await page.getByRole('button', { name: 'Delete Housing' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete the category “Housing”?' });
    await expect(confirm).toContainText('Its 3 templates stay, without a category.');
    await tabTo(page, confirm.getByRole('button', { name: 'Delete category' }));
    request = nextRequest(page, '/categories', 'POST', 'delete');
    await page.keyboard.press('Enter');
    expect((await request).postDataJSON()).toEqual({ action: 'delete', id: 5 });
    await expect(page.getByText('The category “Housing” was deleted.')).toBeVisible();
  });

  test('a category’s buttons get the focus back when their dialog is cancelled', async ({ page }) => {
    await page.goto('/settings?tab=categories');
    const remove = page.getByRole('button', { name: 'Delete Housing' });
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Delete the category “Housing”?' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(remove).toBeFocused();
    const rename = page.getByRole('button', { name: 'Rename Finance' });
    await rename.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Rename “Finance”' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(rename).toBeFocused();
  });

  test('a group’s buttons get the focus back when their dialog is cancelled', async ({ page }) => {
    await page.goto('/settings?tab=groups');
    const remove = page.getByRole('button', { name: 'Delete Managers' });
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Delete the group “Managers”?' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(remove).toBeFocused();
    const edit = page.getByRole('button', { name: 'Edit Managers' });
    await edit.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Edit the group “Managers”' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(edit).toBeFocused();
  });

  test('shows the groups with their members, and adds one', async ({ page }) => {
    await page.goto('/settings?tab=groups');
    await expect(
      page
        .getByRole('row', { name: /Managers/ })
        .getByRole('cell')
        .nth(1),
    ).toHaveText('Ethan Wright, Jacob Evans, Samuel Green and 1 more');
    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New group' });
    await dialog.getByLabel('Group name').fill('Weekend cover');
    await dialog.getByLabel('Find people').fill('priya');
    await dialog.getByRole('checkbox', { name: /Priya Shah/ }).check();
    await dialog.getByLabel('Find people').fill('grace');
    await dialog.getByRole('checkbox', { name: /Grace Okafor/ }).check();
    await expect(dialog.getByText('2 people chosen')).toBeVisible();
    const request = nextRequest(page, '/get-groups', 'POST', 'save');
    await dialog.getByRole('button', { name: 'Add group' }).click();
    expect((await request).postDataJSON()).toEqual({ data: { action: 'save', name: 'Weekend cover', members: [2003, 2015] } });
    await expect(page.getByText('The group “Weekend cover” was added.')).toBeVisible();
  });

  test('a duplicate group name is refused; the dialog keeps the name and members', async ({ page }) => {
    await preferFor(page, '/get-groups', (request) => (actionOf(request) === 'save' ? 'example=duplicate' : null));
    await page.goto('/settings?tab=groups');
    await page.getByRole('button', { name: 'Edit Night shift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the group “Night shift”' });
    await expect(dialog.getByText('5 people chosen')).toBeVisible();
    await dialog.getByLabel('Group name').fill('Managers');
    await dialog.getByRole('button', { name: 'Save group' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('A group with this name exists.');
    await expect(dialog.getByLabel('Group name')).toHaveValue('Managers');
    await expect(dialog.getByText('5 people chosen')).toBeVisible();
  });

  test('deletes a group after a confirmation, with the keyboard', async ({ page }) => {
    await page.goto('/settings?tab=groups');
    await page.getByRole('button', { name: 'Delete Payroll approvers' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete the group “Payroll approvers”?' });
    await tabTo(page, dialog.getByRole('button', { name: 'Delete group' }));
    const request = nextRequest(page, '/get-groups', 'POST', 'delete');
    await page.keyboard.press('Enter');
    expect((await request).postDataJSON()).toEqual({ data: { action: 'delete', id: 4 } });
    await expect(page.getByText('The group “Payroll approvers” was deleted.')).toBeVisible();
  });

  test('the interface wording sends only what changed; a failed save keeps what was typed and says why', async ({ page }) => {
    let saves = 0;
    // The first save fails, the next goes through.
    await preferFor(page, '/save-strings', () => (saves++ === 0 ? 'code=400, example=badRequest' : null));
    await page.goto('/settings?tab=wording');
    await page.getByLabel('Find a text').fill('case');
    await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Menu']);
    await expect(page.getByRole('row')).toHaveCount(2);
    const text = page.getByLabel('Case Management', { exact: true });
    await expect(text).toHaveAttribute('placeholder', 'Case Management');
    await text.fill('Tenancies');
    await page.getByRole('button', { name: 'Save wording' }).click();
    await expect(page.getByRole('alert')).toHaveText('Some of the values sent are not valid.');
    await expect(text).toHaveValue('Tenancies');
    await expect(page.locator('.toast')).toHaveCount(0);

    const request = nextRequest(page, '/save-strings');
    await page.getByRole('button', { name: 'Save wording' }).click();
    expect((await request).postDataJSON()).toEqual({ language: 'en', strings: { 'Case Management': 'Tenancies' } });
    await expect(page.locator('.toast[data-type="success"]')).toContainText('Interface wording saved');
  });

  test('a basic user sees the settings read-only, and no groups', async ({ page }) => {
    const basic = await page.context().newPage();
    await signIn(basic, 'basicUser');
    await basic.goto('/settings');
    await expect(basic.getByText('Only administrators can change these settings.')).toBeVisible();
    await expect(basic.getByLabel('Time zone')).toBeDisabled();
    await expect(basic.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
    await expect(basic.getByRole('tab', { name: 'User groups' })).toHaveCount(0);
    await expect(basic.getByRole('tab', { name: 'Interface wording' })).toHaveCount(0);
  });
});

test.describe('Help', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'administrator');
  });

  test('shows the tutorials grouped by page; a video plays in the page and a PDF opens in a new tab', async ({ page }) => {
    await page.goto('/help');
    const videos = page.getByRole('region', { name: 'Tutorial videos' });
    await expect(videos.getByRole('heading', { level: 3 })).toHaveText([
      'Getting started',
      'Dashboard',
      'Manage Template',
      'Action Required',
      'Users',
    ]);
    await expect(videos.locator('video source')).toHaveAttribute('src', '/media/tutorials/welcome-to-formsign.mp4');
    await videos.getByRole('button', { name: /Building your first template/ }).focus();
    await page.keyboard.press('Enter');
    await expect(videos.getByRole('button', { name: /Building your first template/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(videos.locator('video source')).toHaveAttribute('src', '/media/tutorials/building-a-template.mp4');
    await expect(videos.locator('video track')).toHaveAttribute('label', 'English');
    const guides = page.getByRole('region', { name: 'Guides (PDF)' });
    await expect(guides.getByRole('heading', { level: 3 })).toHaveText(['Getting started', 'Manage Template', 'Time Attendance', 'My Account']);
    const guide = guides.getByRole('link', { name: /Template design guide/ });
    await expect(guide).toHaveAttribute('href', '/media/tutorials/template-design-guide.pdf');
    await expect(guide).toHaveAttribute('target', '_blank');
  });

  test('falls back to the app tutorials when there are none', async ({ page }) => {
    await preferOutcome(page, '/video-tutorial', 'example=empty');
    await preferOutcome(page, '/pdf-tutorial', 'example=empty');
    await page.goto('/help');
    await expect(page.getByRole('button', { name: /Introduction to formsign/ })).toBeVisible();
    await expect(page.locator('video source')).toHaveAttribute('src', '/media/fallback/intro.webm');
    await expect(page.getByRole('link', { name: /Getting started with formsign/ })).toHaveAttribute('href', '/media/fallback/getting-started.pdf');
  });

  test('a failed tutorials load says why, with a retry, and still offers the app tutorials', async ({ page }) => {
    await preferOutcome(page, '/video-tutorial', 'code=500, example=noMessage');
    await page.goto('/help');
    await expect(page.getByRole('alert')).toHaveText(/Internal error\. please try again/);
    await expect(page.getByRole('button', { name: /Introduction to formsign/ })).toBeVisible();
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('button', { name: /Welcome to formsign/ })).toBeVisible();
  });

  test('sends a message to support with the keyboard alone, and confirms it', async ({ page }) => {
    await page.goto('/help');
    await page.getByLabel('Subject').focus();
    await page.keyboard.type('Envelope invoice');
    await page.keyboard.press('Tab');
    await page.keyboard.type("Could you send last month's invoice again?");
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeFocused();
    const request = nextRequest(page, '/contact');
    await page.keyboard.press('Enter');
    expect((await request).postDataJSON()).toEqual({ subject: 'Envelope invoice', message: "Could you send last month's invoice again?" });
    await expect(page.getByRole('status').filter({ hasText: 'Thank you. Support will answer by email within one working day.' })).toBeVisible();
    await expect(page.getByLabel('Subject')).toHaveValue('');
  });

  test('a refused message says why and keeps what was typed', async ({ page }) => {
    await preferOutcome(page, '/contact', 'example=invalid');
    await page.goto('/help');
    await page.getByLabel('Subject').fill('Envelope invoice');
    await page.getByLabel('Message').fill('Please resend it.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toHaveText('Parameter failed.');
    await expect(page.getByLabel('Subject')).toHaveValue('Envelope invoice');
    await expect(page.getByLabel('Message')).toHaveValue('Please resend it.');
  });

  test('asks for a subject and a message before sending', async ({ page }) => {
    const sent = recordRequests(page, '/contact');
    await page.goto('/help');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter a subject, so support knows what it is about.');
    await expect(page.getByLabel('Subject')).toBeFocused();
    await page.getByLabel('Subject').fill('Hello');
    await expect(page.getByRole('alert')).toHaveText('Write your message to support.');
    expect(sent).toHaveLength(0);
  });

  test('Contact Us in the header help menu leads here', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('banner').getByRole('button', { name: 'Help' }).click();
    await page.getByRole('menuitem', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
  });
});

test.describe('accessibility of the people, account and help pages (axe-core)', () => {
  const pages = [
    { path: '/users', ready: 'Actions for Amelia Hughes' },
    { path: '/account', ready: 'Save your details' },
    { path: '/account?tab=2', ready: 'Buy 250 envelopes' },
    { path: '/account?tab=3', ready: 'Save company details' },
    { path: '/settings', ready: 'Save settings' },
    { path: '/settings?tab=categories', ready: 'Rename Care' },
    { path: '/settings?tab=groups', ready: 'Edit Managers' },
    { path: '/settings?tab=wording', ready: 'Save wording' },
    { path: '/help', ready: 'Send message' },
    { path: '/checkout/return?session_id=cs_test_a1B2c3D4e5', ready: 'Back to your envelopes', role: 'link' as const },
  ];
  // One page after another in one tab, each page's own content (its <main>): the header and the
  // side menu around it are the same on every page, and a11y.spec checks them with the whole page.
  test('no page has a serious or critical violation', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'administrator');
    await preferFor(page, '/products', (request) => (actionOf(request) === 'status' ? 'example=open' : null));
    const found: string[] = [];
    for (const { path, ready, role = 'button' } of pages) {
      await page.goto(path);
      await expect(page.getByRole(role, { name: ready })).toBeVisible();
      found.push(...(await axeViolations(page, { within: 'main' })).map((violation) => `${path}: ${violation}`));
    }
    expect(found).toEqual([]);
  });
});
