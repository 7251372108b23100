import type { Locator, Page } from '@playwright/test';
import { expect, preferOutcome, signIn, test } from './fixtures.ts';
import { axeViolations } from '../support/axe.ts';
import { expectFocusRing, nextCall, preferOutcomeWhen, queryOf, skipToPage, tabTo } from './support-lists.ts';

/** The rows of a table that hold data (not its header). */
function dataRows(table: Locator): Locator {
  return table.getByRole('row').filter({ has: table.page().getByRole('cell') });
}

function rowWith(table: Locator, text: string | RegExp): Locator {
  return dataRows(table).filter({ hasText: text });
}

function notifications(page: Page): Locator {
  return page.getByRole('region', { name: /^Notifications/ });
}

/** A failed list: the catalogue's text with a retry that loads the list once the server answers again. */
async function expectFailureWithRetry(page: Page, table: Locator, text: string, rows: number): Promise<void> {
  await expect(page.getByRole('alert')).toHaveText(new RegExp(text.replace(/[.?]/g, '\\$&')));
  await expect(dataRows(table)).toHaveCount(0);
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(dataRows(table)).toHaveCount(rows);
  await expect(page.getByRole('alert')).toHaveCount(0);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'administrator');
});

test.describe('Action Required (/pending)', () => {
  const table = (page: Page) => page.getByRole('table', { name: 'Forms waiting for you' });

  test.beforeEach(async ({ page }) => {
    // The contract's due dates fall around 21–30 Nov 2026: on the 26th some are past.
    await page.clock.setFixedTime(new Date('2026-11-26T12:00:00Z'));
  });

  test('shows what each form asks, its step and its due date, and opens it', async ({ page }) => {
    await page.goto('/pending');
    await expect(dataRows(table(page))).toHaveCount(12);
    await expect(page.getByText('12 forms wait for you · 4 overdue on this page')).toBeVisible();
    const leave = rowWith(table(page), 'Leave Request - Lucas Martin');
    await expect(leave).toContainText('Samuel Green');
    await expect(leave).toContainText('Approve');
    await expect(leave).toContainText('Step 2 of 3');
    await expect(leave).toContainText('Overdue');
    await expect(rowWith(table(page), 'Incident Report - Hannah Lewis')).toContainText('No due date');
    await expect(rowWith(table(page), 'Consent to Share Information - Jacob Evans')).toContainText('Due soon');
    await page.getByRole('link', { name: 'Sign Incident Report - Hannah Lewis' }).click();
    await expect(page).toHaveURL(/\/open-pending\/f3305d63d04c$/);
  });

  test('approves a form waiting for approval, then tells so and refreshes the list', async ({ page }) => {
    await page.goto('/pending');
    await expect(dataRows(table(page))).toHaveCount(12);
    await expect(page.getByRole('button', { name: 'Approve Incident Report - Hannah Lewis' })).toHaveCount(0);
    const approve = nextCall(page, 'POST', '/websigning');
    const refreshed = nextCall(page, 'GET', '/pending-form');
    await page.getByRole('button', { name: 'Approve Leave Request - Lucas Martin' }).click();
    expect((await approve).postDataJSON()).toMatchObject({ function: 'approve', id: 'de9b29ecedad' });
    await refreshed;
    await expect(notifications(page)).toContainText('Form approved');
    await expect(notifications(page)).toContainText('NWC-2026-1458 is approved.');
  });

  test('a failed approval is told in the catalogue’s words', async ({ page }) => {
    await preferOutcome(page, '/websigning', 'example=expired');
    await page.goto('/pending');
    await page.getByRole('button', { name: 'Approve Leave Request - Lucas Martin' }).click();
    await expect(notifications(page)).toContainText('Could not approve NWC-2026-1458');
    await expect(notifications(page)).toContainText('This signing link has expired. Please ask the sender for a new one.');
  });

  test('sends a form back with a required comment', async ({ page }) => {
    await page.goto('/pending');
    await page.getByRole('button', { name: 'Send back Incident Report - Hannah Lewis' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this form back' });
    await expect(dialog).toContainText('NWC-2026-1460');
    await dialog.getByRole('button', { name: 'Send back' }).click();
    await expect(dialog.getByText('Please write why you are sending this form back.')).toBeVisible();
    await expect(dialog.getByLabel('Why are you sending it back?')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Why are you sending it back?').fill('The witness statement is missing.');
    const sent = nextCall(page, 'GET', '/pending-form', (url) => url.searchParams.has('disapprove'));
    await dialog.getByRole('button', { name: 'Send back' }).click();
    const request = await sent;
    expect(queryOf(request, 'disapprove')).toBe('7212');
    expect(queryOf(request, 'comment')).toBe('The witness statement is missing.');
    await expect(dialog).toBeHidden();
    await expect(notifications(page)).toContainText('Form sent back');
  });

  test('a failed send-back keeps the dialog open with the comment as typed', async ({ page }) => {
    await preferOutcomeWhen(page, '/pending-form', (url) => url.searchParams.has('disapprove'), 'code=500, example=serverError');
    await page.goto('/pending');
    await page.getByRole('button', { name: 'Send back Incident Report - Hannah Lewis' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this form back' });
    await dialog.getByLabel('Why are you sending it back?').fill('The witness statement is missing.');
    await dialog.getByRole('button', { name: 'Send back' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The service is busy. Please try again in a minute.');
    await expect(dialog.getByLabel('Why are you sending it back?')).toHaveValue('The witness statement is missing.');
  });

  test('a failed list shows the catalogue’s text and a retry', async ({ page }) => {
    await preferOutcome(page, '/pending-form', 'code=500, example=noMessage');
    await page.goto('/pending');
    await expectFailureWithRetry(page, table(page), 'Internal error. please try again', 12);
  });

  test('says so when nothing waits', async ({ page }) => {
    await preferOutcome(page, '/pending-form', 'example=empty');
    await page.goto('/pending');
    await expect(table(page)).toContainText('Nothing needs your action.');
  });

  test('the page and rows per page live in the URL', async ({ page }) => {
    const first = nextCall(page, 'GET', '/pending-form');
    await page.goto('/pending?limit=10');
    expect(queryOf(await first, 'limit')).toBe('10');
    const second = nextCall(page, 'GET', '/pending-form', (url) => url.searchParams.get('page') === '2');
    await page.getByRole('button', { name: 'Next' }).click();
    await second;
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page).toHaveURL(/[?&]limit=10/);
  });

  test('every action works with the keyboard alone', async ({ page }) => {
    await page.goto('/pending');
    await expect(dataRows(table(page))).toHaveCount(12);
    await skipToPage(page);
    const approveButton = page.getByRole('button', { name: 'Approve Leave Request - Lucas Martin' });
    await tabTo(page, approveButton);
    await expectFocusRing(approveButton);
    const approve = nextCall(page, 'POST', '/websigning');
    await page.keyboard.press('Enter');
    await approve;
    await expect(notifications(page)).toContainText('Form approved');

    await tabTo(page, page.getByRole('button', { name: 'Send back Leave Request - Lucas Martin' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Send this form back' });
    await expect(dialog.getByLabel('Why are you sending it back?')).toBeFocused();
    await page.keyboard.type('The dates overlap another request.');
    await tabTo(page, dialog.getByRole('button', { name: 'Send back' }));
    const sent = nextCall(page, 'GET', '/pending-form', (url) => url.searchParams.has('disapprove'));
    await page.keyboard.press('Enter');
    expect(queryOf(await sent, 'comment')).toBe('The dates overlap another request.');
    await expect(notifications(page)).toContainText('Form sent back');

    await tabTo(page, page.getByRole('link', { name: 'Review Leave Request - Lucas Martin' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/open-pending\/de9b29ecedad$/);
  });
});

test.describe('Workflow (/workflow)', () => {
  const table = (page: Page) => page.getByRole('table', { name: 'Forms in progress' });

  test('shows each form’s status, step, assignee and last comment', async ({ page }) => {
    await page.goto('/workflow');
    await expect(dataRows(table(page))).toHaveCount(24);
    await expect(page.getByText('24 forms in progress')).toBeVisible();
    const medication = rowWith(table(page), 'Medication Administration Record - Adam Kowalski');
    await expect(medication).toContainText('Awaiting approval');
    await expect(medication).toContainText('Step 2 of 5');
    await expect(medication).toContainText('Liam Carter');
    const consent = rowWith(table(page), 'Consent to Share Information - Adam Kowalski');
    await expect(consent).toContainText('Disapproved');
    await expect(consent).toContainText('The dates do not match the rota.');
    await expect(consent.getByRole('button', { name: /Review/ })).toHaveCount(0);
  });

  test('approves the current step; the list is fetched again', async ({ page }) => {
    await page.goto('/workflow');
    await page.getByRole('button', { name: 'Review Medication Administration Record - Adam Kowalski' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review step 2 of 5' });
    await expect(dialog).toContainText('NWC-2026-1498');
    const review = nextCall(page, 'GET', '/workflow', (url) => url.searchParams.has('disapprove'));
    const refetch = nextCall(page, 'GET', '/workflow', (url) => !url.searchParams.has('disapprove'));
    await dialog.getByRole('button', { name: 'Approve step' }).click();
    const request = await review;
    expect(queryOf(request, 'disapprove')).toBe('0');
    expect(queryOf(request, 'account')).toBe('42');
    expect(queryOf(request, 'id')).toBe('8323');
    await refetch;
    await expect(dialog).toBeHidden();
    await expect(notifications(page)).toContainText('Step approved');
    await expect(dataRows(table(page))).toHaveCount(24);
  });

  test('disapproving needs a comment, which is sent with the review', async ({ page }) => {
    await page.goto('/workflow');
    await page.getByRole('button', { name: 'Review Supplier Onboarding - Liam Carter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review step 1 of 2' });
    await dialog.getByRole('button', { name: 'Disapprove' }).click();
    await expect(dialog.getByText('Please write why you disapprove this step.')).toBeVisible();
    await expect(dialog.getByLabel('Comment')).toBeFocused();
    await dialog.getByLabel('Comment').fill('The bank details are not signed.');
    const review = nextCall(page, 'GET', '/workflow', (url) => url.searchParams.has('disapprove'));
    await dialog.getByRole('button', { name: 'Disapprove' }).click();
    const request = await review;
    expect(queryOf(request, 'disapprove')).toBe('1');
    expect(queryOf(request, 'comment')).toBe('The bank details are not signed.');
    expect(queryOf(request, 'id')).toBe('8317');
    await expect(notifications(page)).toContainText('Step disapproved');
  });

  test('a failed review keeps the comment; sending again loads the list and reviews', async ({ page }) => {
    await preferOutcomeWhen(page, '/workflow', (url) => url.searchParams.has('disapprove'), 'code=500, example=serverError');
    await page.goto('/workflow');
    await page.getByRole('button', { name: 'Review Supplier Onboarding - Liam Carter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review step 1 of 2' });
    await dialog.getByLabel('Comment').fill('The bank details are not signed.');
    await dialog.getByRole('button', { name: 'Disapprove' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The service is busy. Please try again in a minute.');
    await expect(dialog.getByLabel('Comment')).toHaveValue('The bank details are not signed.');
    await page.unrouteAll();
    const review = nextCall(page, 'GET', '/workflow', (url) => url.searchParams.get('disapprove') === '1');
    await dialog.getByRole('button', { name: 'Disapprove' }).click();
    expect(queryOf(await review, 'comment')).toBe('The bank details are not signed.');
    await expect(dialog).toBeHidden();
    await expect(notifications(page)).toContainText('Step disapproved');
    await expect(dataRows(table(page))).toHaveCount(24);
  });

  test('search, status, dates and sorting are sent and kept in the URL', async ({ page }) => {
    await page.goto('/workflow');
    await expect(dataRows(table(page))).toHaveCount(24);
    const byStatus = nextCall(page, 'GET', '/workflow', (url) => url.searchParams.get('filters[status]') === 'awaiting_approval');
    await page.getByLabel('Status').selectOption({ label: 'Awaiting approval' });
    await byStatus;
    await page.getByLabel('Search forms').fill('leave');
    await page.getByLabel('From').fill('2026-11-01');
    const filtered = nextCall(page, 'GET', '/workflow', (url) => url.searchParams.get('filters[search]') === 'leave');
    await page.getByRole('button', { name: 'Filter' }).click();
    const request = await filtered;
    expect(queryOf(request, 'filters[from]')).toBe('2026-11-01');
    expect(queryOf(request, 'filters[status]')).toBe('awaiting_approval');
    const sorted = nextCall(page, 'GET', '/workflow', (url) => url.searchParams.get('filters[sort]') === 'updated_at');
    await table(page).getByRole('button', { name: 'Last update' }).click();
    await sorted;
    await expect(page).toHaveURL(/search=leave/);
    await expect(page).toHaveURL(/status=awaiting_approval/);
    await expect(page).toHaveURL(/sort=updated_at/);
    await page.reload();
    await expect(page.getByLabel('Search forms')).toHaveValue('leave');
    await expect(page.getByLabel('Status')).toHaveValue('awaiting_approval');
    await expect(table(page).getByRole('columnheader', { name: 'Last update' })).toHaveAttribute('aria-sort', /ascending|descending/);
  });

  test('a failed list shows the catalogue’s text and a retry', async ({ page }) => {
    await preferOutcome(page, '/workflow', 'code=500, example=noMessage');
    await page.goto('/workflow');
    await expectFailureWithRetry(page, table(page), 'Internal error. please try again', 24);
  });

  test('reviewing works with the keyboard alone', async ({ page }) => {
    await page.goto('/workflow');
    await expect(dataRows(table(page))).toHaveCount(24);
    await skipToPage(page);
    const reviewButton = page.getByRole('button', { name: 'Review Medication Administration Record - Adam Kowalski' });
    await tabTo(page, reviewButton);
    await expectFocusRing(reviewButton);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Review step 2 of 5' });
    await expect(dialog.getByLabel('Comment')).toBeFocused();
    await page.keyboard.type('Checked against the chart.');
    await tabTo(page, dialog.getByRole('button', { name: 'Approve step' }));
    const review = nextCall(page, 'GET', '/workflow', (url) => url.searchParams.get('disapprove') === '0');
    await page.keyboard.press('Enter');
    expect(queryOf(await review, 'comment')).toBe('Checked against the chart.');
    await expect(notifications(page)).toContainText('Step approved');
    await expect(reviewButton).toBeFocused();
  });
});

test.describe('Supporting Documents (/supporting)', () => {
  const table = (page: Page) => page.getByRole('table', { name: 'Supporting documents' });

  test('lists each file with its form, type and size; opens and downloads it', async ({ page }) => {
    await page.goto('/supporting');
    await expect(dataRows(table(page))).toHaveCount(24);
    const photo = dataRows(table(page)).first();
    await expect(photo).toContainText('Photo of the damage.jpg');
    await expect(photo).toContainText('NWC-2026-1400');
    await expect(photo).toContainText('JPEG image');
    await expect(photo).toContainText('4.7 MB');
    const open = photo.getByRole('link', { name: /^Open Photo of the damage\.jpg/ });
    await expect(open).toHaveAttribute('href', '/files/supporting/9124');
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(photo.getByRole('link', { name: 'Download Photo of the damage.jpg' })).toHaveAttribute('download', 'Photo of the damage.jpg');
    const download = page.waitForEvent('download');
    await photo.getByRole('link', { name: 'Download Photo of the damage.jpg' }).click();
    expect((await download).suggestedFilename()).toBe('Photo of the damage.jpg');
  });

  test('filters by template and search, kept in the URL', async ({ page }) => {
    await page.goto('/supporting');
    await expect(page.getByLabel('Template', { exact: true }).getByRole('option', { name: 'Incident Report' })).toBeAttached();
    const byTemplate = nextCall(page, 'GET', '/get-alldocuments', (url) => url.searchParams.get('filters[template]') === '3001');
    await page.getByLabel('Template', { exact: true }).selectOption({ label: 'Incident Report' });
    await byTemplate;
    await page.getByLabel('Search documents').fill('passport');
    const bySearch = nextCall(page, 'GET', '/get-alldocuments', (url) => url.searchParams.get('filters[search]') === 'passport');
    await page.getByLabel('Search documents').press('Enter');
    await bySearch;
    await expect(page).toHaveURL(/template=3001/);
    await expect(page).toHaveURL(/search=passport/);
  });

  test('a failed list shows the server’s message and a retry', async ({ page }) => {
    await preferOutcome(page, '/get-alldocuments', 'code=500, example=serverError');
    await page.goto('/supporting');
    await expectFailureWithRetry(page, table(page), 'The service is busy. Please try again in a minute.', 24);
  });

  test('opening and downloading work with the keyboard alone', async ({ page }) => {
    await page.goto('/supporting');
    await expect(dataRows(table(page))).toHaveCount(24);
    await skipToPage(page);
    const open = dataRows(table(page))
      .first()
      .getByRole('link', { name: /^Open Photo of the damage\.jpg/ });
    await tabTo(page, open);
    await expectFocusRing(open);
    const popup = page.waitForEvent('popup');
    await page.keyboard.press('Enter');
    expect(new URL((await popup).url()).pathname).toBe('/files/supporting/9124');
    await page.bringToFront();
    await tabTo(page, dataRows(table(page)).first().getByRole('link', { name: 'Download Photo of the damage.jpg' }));
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toBe('Photo of the damage.jpg');
  });
});

test.describe('Audit Forms (/formaudit)', () => {
  const table = (page: Page) => page.getByRole('table', { name: 'Audit trail of forms' });

  test('shows each event as a badge with who, when and where', async ({ page }) => {
    await page.goto('/formaudit');
    await expect(dataRows(table(page))).toHaveCount(24);
    await expect(page.getByText('24 events', { exact: true })).toBeVisible();
    const signed = rowWith(table(page), 'Callum Reid');
    await expect(signed).toContainText('Signed');
    await expect(signed).toContainText('NWC-2026-1397');
    await expect(signed).toContainText('81.2.71.243');
    await expect(rowWith(table(page), 'Megan Price')).toContainText('Disapproved');
    await expect(page.getByRole('navigation', { name: 'Audit trail of forms: pages' })).toContainText('1–24 of 24');
  });

  test('shows one form’s trail, and filters by event, in the URL', async ({ page }) => {
    await page.goto('/formaudit');
    const trail = nextCall(page, 'GET', '/fetch-formaudit', (url) => url.searchParams.get('filters[search]') === 'NWC-2026-1397');
    await page.getByRole('button', { name: 'Show trail of NWC-2026-1397' }).first().click();
    await trail;
    await expect(page.getByLabel('Search forms and people')).toHaveValue('NWC-2026-1397');
    const byEvent = nextCall(page, 'GET', '/fetch-formaudit', (url) => url.searchParams.get('filters[event]') === 'signed');
    await page.getByLabel('Event').selectOption({ label: 'Signed' });
    const request = await byEvent;
    expect(queryOf(request, 'filters[search]')).toBe('NWC-2026-1397');
    await expect(page).toHaveURL(/search=NWC-2026-1397/);
    await expect(page).toHaveURL(/event=signed/);
  });

  test('a refused list shows the server’s message and a retry', async ({ page }) => {
    await preferOutcome(page, '/fetch-formaudit', 'code=403, example=forbidden');
    await page.goto('/formaudit');
    await expectFailureWithRetry(page, table(page), 'Only administrators can do this.', 24);
  });

  test('a form’s trail is reached with the keyboard alone', async ({ page }) => {
    await page.goto('/formaudit');
    await expect(dataRows(table(page))).toHaveCount(24);
    await skipToPage(page);
    const show = page.getByRole('button', { name: 'Show trail of NWC-2026-1400' }).first();
    await tabTo(page, show);
    await expectFocusRing(show);
    const trail = nextCall(page, 'GET', '/fetch-formaudit', (url) => url.searchParams.get('filters[search]') === 'NWC-2026-1400');
    await page.keyboard.press('Enter');
    await trail;
    await expect(page).toHaveURL(/search=NWC-2026-1400/);
  });
});

test.describe('Actions Records (/actionlogs)', () => {
  test('shows the user actions by default', async ({ page }) => {
    const call = nextCall(page, 'GET', '/fetch-logs');
    await page.goto('/actionlogs');
    expect(queryOf(await call, 'filters[source]')).toBe('user');
    const table = page.getByRole('table', { name: 'User actions' });
    await expect(dataRows(table)).toHaveCount(24);
    await expect(rowWith(table, 'amelia.hughes@northwindcare.example')).toContainText('Logged in');
    await expect(page.getByRole('navigation', { name: 'Log' }).getByRole('link', { name: 'User actions' })).toHaveAttribute('aria-current', 'page');
  });

  test('?source=system shows the system log with level badges', async ({ page }) => {
    await preferOutcome(page, '/fetch-logs', 'example=system');
    const call = nextCall(page, 'GET', '/fetch-logs');
    await page.goto('/actionlogs?source=system');
    expect(queryOf(await call, 'filters[source]')).toBe('system');
    const table = page.getByRole('table', { name: 'System log' });
    await expect(dataRows(table)).toHaveCount(12);
    await expect(rowWith(table, 'SFTP upload failed').first()).toContainText('Error');
    await expect(rowWith(table, 'Email delivery retried').first()).toContainText('Warning');
    await expect(table.getByRole('columnheader', { name: 'Level' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Log' }).getByRole('link', { name: 'System log' })).toHaveAttribute('aria-current', 'page');
  });

  test('switches between the two views, in the URL', async ({ page }) => {
    await page.goto('/actionlogs');
    await expect(dataRows(page.getByRole('table', { name: 'User actions' }))).toHaveCount(24);
    const system = nextCall(page, 'GET', '/fetch-logs', (url) => url.searchParams.get('filters[source]') === 'system');
    await page.getByRole('link', { name: 'System log' }).click();
    await system;
    await expect(page).toHaveURL(/\/actionlogs\?source=system$/);
    await expect(page.getByRole('table', { name: 'System log' })).toBeVisible();
    await page.getByRole('link', { name: 'User actions' }).click();
    await expect(page).toHaveURL(/\/actionlogs$/);
    await expect(page.getByRole('table', { name: 'User actions' })).toBeVisible();
  });

  test('a failed list shows the catalogue’s text and a retry', async ({ page }) => {
    await preferOutcome(page, '/fetch-logs', 'code=500, example=noMessage');
    await page.goto('/actionlogs');
    await expectFailureWithRetry(page, page.getByRole('table', { name: 'User actions' }), 'Internal error. please try again', 24);
  });

  test('the views switch with the keyboard alone', async ({ page }) => {
    await page.goto('/actionlogs');
    await expect(dataRows(page.getByRole('table', { name: 'User actions' }))).toHaveCount(24);
    await skipToPage(page);
    const system = page.getByRole('link', { name: 'System log' });
    await tabTo(page, system);
    await expectFocusRing(system);
    const call = nextCall(page, 'GET', '/fetch-logs', (url) => url.searchParams.get('filters[source]') === 'system');
    await page.keyboard.press('Enter');
    await call;
    await expect(page).toHaveURL(/source=system/);
  });
});

test.describe('Connected Devices (/devices)', () => {
  const table = (page: Page) => page.getByRole('table', { name: 'Connected devices' });

  test('shows each device and blocks or unblocks it', async ({ page }) => {
    await page.goto('/devices');
    await expect(dataRows(table(page))).toHaveCount(14);
    await expect(page.getByText('14 devices · 2 blocked')).toBeVisible();
    const first = rowWith(table(page), /Harbour House tablet 1(?!\d)/);
    await expect(first).toContainText('iPad Air (5th generation)');
    await expect(first).toContainText('Amelia Hughes');
    await expect(first).toContainText('Active');
    const block = nextCall(page, 'GET', '/users-devices', (url) => url.searchParams.get('action') === 'block');
    await page.getByRole('button', { name: 'Block Harbour House tablet 1', exact: true }).click();
    expect(queryOf(await block, 'id')).toBe('12014');
    await expect(notifications(page)).toContainText('Device blocked');
    await expect(rowWith(table(page), 'Elm Court tablet 6')).toContainText('Blocked');
    const unblock = nextCall(page, 'GET', '/users-devices', (url) => url.searchParams.get('action') === 'unblock');
    await page.getByRole('button', { name: 'Unblock Elm Court tablet 6' }).click();
    expect(queryOf(await unblock, 'id')).toBe('12009');
    await expect(notifications(page)).toContainText('Device unblocked');
  });

  test('removing asks first', async ({ page }) => {
    await page.goto('/devices');
    await page.getByRole('button', { name: 'Remove Riverside Lodge browser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this device?' });
    await expect(dialog).toContainText('Freya Wilson');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Remove Riverside Lodge browser' }).click();
    const remove = nextCall(page, 'GET', '/users-devices', (url) => url.searchParams.get('action') === 'remove');
    await dialog.getByRole('button', { name: 'Remove device' }).click();
    expect(queryOf(await remove, 'id')).toBe('12008');
    await expect(notifications(page)).toContainText('Device removed');
  });

  test('after an action shows the devices the action answered, without listing them again', async ({ page }) => {
    await preferOutcomeWhen(page, '/users-devices', (url) => url.searchParams.get('action') === 'remove', 'example=empty');
    await page.goto('/devices');
    await expect(dataRows(table(page))).toHaveCount(14);
    const lists: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/users-devices' && !url.searchParams.has('action')) lists.push(url.search);
    });
    await page.getByRole('button', { name: 'Remove Riverside Lodge browser' }).click();
    await page.getByRole('dialog', { name: 'Remove this device?' }).getByRole('button', { name: 'Remove device' }).click();
    await expect(notifications(page)).toContainText('Device removed');
    await expect(page.getByText('No devices are connected yet.')).toBeVisible();
    expect(lists).toEqual([]);
  });

  test('a refused action is told in the catalogue’s words', async ({ page }) => {
    await preferOutcomeWhen(page, '/users-devices', (url) => url.searchParams.get('action') === 'block', 'example=invalid');
    await page.goto('/devices');
    await page.getByRole('button', { name: 'Block Harbour House tablet 1', exact: true }).click();
    await expect(notifications(page)).toContainText('Could not block Harbour House tablet 1');
    await expect(notifications(page)).toContainText('Parameter failed.');
  });

  test('searches by keys, kept in the URL', async ({ page }) => {
    await page.goto('/devices');
    await page.getByLabel('Search devices and people').fill('tablet');
    const search = nextCall(page, 'GET', '/users-devices', (url) => url.searchParams.get('keys') === 'tablet');
    await page.getByLabel('Search devices and people').press('Enter');
    await search;
    await expect(page).toHaveURL(/search=tablet/);
    const again = nextCall(page, 'GET', '/users-devices', (url) => url.searchParams.get('keys') === 'tablet');
    await page.reload();
    await again;
    await expect(page.getByLabel('Search devices and people')).toHaveValue('tablet');
  });

  test('a failed list shows the server’s message and a retry', async ({ page }) => {
    await preferOutcome(page, '/users-devices', 'code=404, example=notFound');
    await page.goto('/devices');
    await expectFailureWithRetry(page, table(page), 'This item does not exist or was deleted.', 14);
  });

  test('blocking and removing work with the keyboard alone', async ({ page }) => {
    await page.goto('/devices');
    await expect(dataRows(table(page))).toHaveCount(14);
    await skipToPage(page);
    const block = page.getByRole('button', { name: 'Block Harbour House tablet 1', exact: true });
    await tabTo(page, block);
    await expectFocusRing(block);
    const blocked = nextCall(page, 'GET', '/users-devices', (url) => url.searchParams.get('action') === 'block');
    await page.keyboard.press('Enter');
    await blocked;
    await expect(notifications(page)).toContainText('Device blocked');
    const remove = page.getByRole('button', { name: 'Remove Harbour House tablet 1', exact: true });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Remove this device?' });
    await tabTo(page, dialog.getByRole('button', { name: 'Remove device' }));
    const removed = nextCall(page, 'GET', '/users-devices', (url) => url.searchParams.get('action') === 'remove');
    await page.keyboard.press('Enter');
    expect(queryOf(await removed, 'id')).toBe('12014');
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
  });
});

test.describe('Documents (/mystorage)', () => {
  const table = (page: Page) => page.getByRole('table', { name: 'Files in Documents' });

  test('shows the storage’s use, the folders and the files; opens a folder', async ({ page }) => {
    await page.goto('/mystorage');
    await expect(dataRows(table(page))).toHaveCount(16);
    await expect(page.getByRole('progressbar', { name: 'Storage' })).toHaveAttribute('aria-valuenow', '24');
    await expect(page.getByText('of 5.0 GB used (24%)')).toBeVisible();
    await expect(page.getByText('Each completed form is saved automatically, once it is sealed, to the folder Completed forms')).toBeVisible();
    const first = rowWith(table(page), 'Incident Report NWC-2026-1400.pdf');
    await expect(first).toContainText('1.9 MB');
    await expect(first).toContainText('20/11/2026');
    await expect(first.getByRole('link', { name: 'Download Incident Report NWC-2026-1400.pdf' })).toHaveAttribute(
      'download',
      'Incident Report NWC-2026-1400.pdf',
    );
    const care = nextCall(page, 'GET', '/manage-storage', (url) => url.searchParams.get('stored') === 'Care');
    await page.getByRole('link', { name: 'Care (folder)' }).click();
    await care;
    await expect(page).toHaveURL(/stored=Care/);
    const path = page.getByRole('navigation', { name: 'Folder path' });
    await expect(path.getByRole('link', { name: 'Documents' })).toBeVisible();
    await expect(path.getByText('Care')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('table', { name: 'Files in Care' })).toBeVisible();
  });

  test('deletes a file after asking', async ({ page }) => {
    await page.goto('/mystorage');
    await page.getByRole('button', { name: 'Delete Incident Report NWC-2026-1400.pdf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this file?' });
    await expect(dialog).toContainText('This cannot be undone.');
    const remove = nextCall(page, 'GET', '/manage-storage', (url) => url.searchParams.get('data[action]') === 'delete');
    await dialog.getByRole('button', { name: 'Delete file' }).click();
    expect(queryOf(await remove, 'data[id]')).toBe('13016');
    await expect(notifications(page)).toContainText('File deleted');
  });

  test('after a delete shows the page the delete answered, for the page and folder browsed', async ({ page }) => {
    await preferOutcomeWhen(page, '/manage-storage', (url) => url.searchParams.get('data[action]') === 'delete', 'example=empty');
    await page.goto('/mystorage?limit=50');
    await page.getByRole('button', { name: 'Delete Incident Report NWC-2026-1400.pdf' }).click();
    const remove = nextCall(page, 'GET', '/manage-storage', (url) => url.searchParams.get('data[action]') === 'delete');
    await page.getByRole('dialog', { name: 'Delete this file?' }).getByRole('button', { name: 'Delete file' }).click();
    expect(queryOf(await remove, 'limit')).toBe('50');
    await expect(page.getByText(/^No files in .+ yet\.$/)).toBeVisible();
  });

  test('saves a completed form into the folder browsed', async ({ page }) => {
    await page.goto('/mystorage?stored=HR');
    const form = page.getByLabel('Completed form', { exact: true });
    await expect(form.getByRole('option', { name: /NWC-2026-1400/ })).toBeAttached();
    await page.getByRole('button', { name: 'Save in HR' }).click();
    await expect(page.getByText('Choose the completed form to save.')).toBeVisible();
    await expect(form).toBeFocused();
    await form.selectOption('5124');
    const save = nextCall(page, 'GET', '/manage-storage', (url) => url.searchParams.get('data[action]') === 'save');
    await page.getByRole('button', { name: 'Save in HR' }).click();
    const request = await save;
    expect(queryOf(request, 'data[form]')).toBe('5124');
    expect(queryOf(request, 'stored')).toBe('HR');
    await expect(notifications(page)).toContainText('NWC-2026-1400 is now in HR.');
  });

  test('a failed save keeps the choice and says why', async ({ page }) => {
    await preferOutcomeWhen(page, '/manage-storage', (url) => url.searchParams.get('data[action]') === 'save', 'code=500, example=serverError');
    await page.goto('/mystorage');
    await page.getByLabel('Completed form', { exact: true }).selectOption('5123');
    await page.getByRole('button', { name: 'Save in Documents' }).click();
    await expect(page.getByRole('complementary').getByRole('alert')).toHaveText('The service is busy. Please try again in a minute.');
    await expect(page.getByLabel('Completed form', { exact: true })).toHaveValue('5123');
  });

  test('a failed list shows the catalogue’s text and a retry', async ({ page }) => {
    await preferOutcome(page, '/manage-storage', 'code=500, example=noMessage');
    await page.goto('/mystorage');
    await expectFailureWithRetry(page, table(page), 'Internal error. please try again', 16);
  });

  test('folders, deleting and saving work with the keyboard alone', async ({ page }) => {
    await page.goto('/mystorage');
    await expect(dataRows(table(page))).toHaveCount(16);
    await skipToPage(page);
    const housing = page.getByRole('link', { name: 'Housing (folder)' });
    await tabTo(page, housing);
    await expectFocusRing(housing);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/stored=Housing/);
    const remove = page.getByRole('button', { name: 'Delete Leave Request NWC-2026-1397.pdf' });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete this file?' });
    await tabTo(page, dialog.getByRole('button', { name: 'Delete file' }));
    const deleted = nextCall(page, 'GET', '/manage-storage', (url) => url.searchParams.get('data[action]') === 'delete');
    await page.keyboard.press('Enter');
    expect(queryOf(await deleted, 'data[id]')).toBe('13015');
    await expect(notifications(page)).toContainText('File deleted');
    const form = page.getByLabel('Completed form', { exact: true });
    await expect(form.getByRole('option', { name: /NWC-2026-1400/ })).toBeAttached();
    await tabTo(page, form);
    await page.keyboard.press('ArrowDown');
    await expect(form).toHaveValue('5124');
    await tabTo(page, page.getByRole('button', { name: 'Save in Housing' }));
    const saved = nextCall(page, 'GET', '/manage-storage', (url) => url.searchParams.get('data[action]') === 'save');
    await page.keyboard.press('Enter');
    expect(queryOf(await saved, 'data[form]')).toBe('5124');
  });
});

test.describe('Template List (/listing)', () => {
  const table = (page: Page) => page.getByRole('table', { name: /^Templates/ });

  test('shows each template’s category, description, fields and date; starts a form from one', async ({ page }) => {
    await page.goto('/listing');
    await expect(dataRows(table(page))).toHaveCount(14);
    const incident = rowWith(table(page), 'Incident Report');
    await expect(incident).toContainText('Health and Safety');
    await expect(incident).toContainText('Record what happened, who was involved and what was done.');
    await expect(incident).toContainText('7');
    await expect(incident).toContainText('25/10/2026');
    await page.getByRole('link', { name: 'Fill in Leave Request' }).click();
    await expect(page).toHaveURL(/\/open-signing\/3006$/);
  });

  test('searches on the server; category and sorting live in the URL', async ({ page }) => {
    await page.goto('/listing');
    await expect(dataRows(table(page))).toHaveCount(14);
    await page.getByLabel('Search templates').fill('leave');
    const search = nextCall(page, 'POST', '/formlisting', () => true);
    await page.getByRole('button', { name: 'Filter' }).click();
    expect((await search).postDataJSON()).toMatchObject({ search: 'leave' });
    await expect(page).toHaveURL(/search=leave/);
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'HR' }).click();
    await expect(page).toHaveURL(/category=HR/);
    await expect(dataRows(table(page))).toHaveCount(3);
    await table(page).getByRole('button', { name: 'Fields' }).click();
    await expect(page).toHaveURL(/sort=fields/);
    // The address changes before the table renders the new order (a navigation is a transition).
    const fields = table(page).getByRole('columnheader', { name: 'Fields' });
    await expect(fields).toHaveAttribute('aria-sort', /^(ascending|descending)$/);
    const order = await fields.getAttribute('aria-sort');
    await expect(dataRows(table(page)).first()).toContainText(order === 'descending' ? 'New Starter Form' : 'Leave Request');
    await page.reload();
    await expect(dataRows(table(page))).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'HR' })).toHaveAttribute('aria-current', 'true');
    await expect(dataRows(table(page)).first()).toContainText(order === 'descending' ? 'New Starter Form' : 'Leave Request');
  });

  test('a failed list shows the catalogue’s text and a retry', async ({ page }) => {
    await preferOutcome(page, '/formlisting', 'code=500, example=noMessage');
    await page.goto('/listing');
    await expectFailureWithRetry(page, table(page), 'Internal error. please try again', 14);
  });

  test('says so when no template matches', async ({ page }) => {
    await preferOutcome(page, '/formlisting', 'example=empty');
    await page.goto('/listing?search=zzz');
    await expect(table(page)).toContainText('No templates match this search.');
  });

  test('a form is started with the keyboard alone', async ({ page }) => {
    await page.goto('/listing');
    await expect(dataRows(table(page))).toHaveCount(14);
    await skipToPage(page);
    const fill = page.getByRole('link', { name: 'Fill in Risk Assessment' });
    await tabTo(page, fill);
    await expectFocusRing(fill);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/open-signing\/3002$/);
  });
});

test.describe('the list pages, for assistive technology', () => {
  const pages: [string, string][] = [
    ['/pending', 'Forms waiting for you'],
    ['/workflow', 'Forms in progress'],
    ['/supporting', 'Supporting documents'],
    ['/formaudit', 'Audit trail of forms'],
    ['/actionlogs', 'User actions'],
    ['/devices', 'Connected devices'],
    ['/mystorage', 'Files in Documents'],
    ['/listing', 'Templates'],
  ];
  // One page after another in one tab, each page's own content (its <main>): the header and the
  // side menu around it are the same on every page, and a11y.spec checks them with the whole page.
  test('no list page has a serious or critical violation', async ({ page }) => {
    test.setTimeout(120_000);
    const found: string[] = [];
    for (const [path, caption] of pages) {
      await page.goto(path);
      await expect(dataRows(page.getByRole('table', { name: caption }))).not.toHaveCount(0);
      found.push(...(await axeViolations(page, { within: 'main' })).map((violation) => `${path}: ${violation}`));
    }
    expect(found).toEqual([]);
  });
});
