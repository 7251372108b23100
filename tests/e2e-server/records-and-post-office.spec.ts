/**
 * The journeys of the records, the reports and the Post Office against the real server: an
 * administrator reads what happened in the action records and the system log, opens each
 * report, sends a template's completed forms somewhere with a field map (kept after a
 * reload), subscribes an address to events (its secret shown once), and previews what a
 * tenancy record fills in.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

test.describe('the records', () => {
  test("the administrator finds their own sign-in in the action records, and the night's backup in the system log", async ({ page }) => {
    await signIn(page, 'demo.admin');
    await page.goto('/actionlogs');
    const records = page.getByRole('table', { name: 'User actions' });
    await expect(
      records.getByRole('row').filter({ hasText: 'Logged in' }).filter({ hasText: 'demo.admin@northwindcare.example' }).first(),
    ).toBeVisible();
    await page.getByLabel('Search users and actions').fill('blocked');
    await page.getByLabel('Search users and actions').press('Enter');
    await expect(records.getByRole('row')).toHaveCount(2);
    await expect(records.getByRole('row').nth(1)).toContainText('Blocked user');
    await expect(records.getByRole('row').nth(1)).toContainText('freya.wilson@northwindcare.example');

    await page.getByRole('navigation', { name: 'Log' }).getByRole('link', { name: 'System log' }).click();
    // The system log's own search replaces the user actions' one.
    await expect(page.getByRole('searchbox')).toHaveCount(1);
    await page.getByLabel('Search events').fill('backup');
    await page.getByLabel('Search events').press('Enter');
    await expect(page.getByRole('table', { name: 'System log' }).getByRole('row').filter({ hasText: 'The nightly backup finished.' })).toBeVisible();
  });
});

test.describe('the reports', () => {
  test('open on the real server without a failure: dashboard, analysis, database, documents, storage, form audit', async ({ page }) => {
    await signIn(page, 'demo.admin');
    const pages: [string, RegExp][] = [
      ['/dashboard', /Forms per month/],
      ['/analysis', /Tenancy Agreement/],
      ['/database', /Columns and summary/],
      ['/supporting', /Supporting documents/],
      ['/mystorage', /used/],
      ['/formaudit', /Audit trail of forms/],
    ];
    for (const [path, shows] of pages) {
      await page.goto(path);
      await expect(page.getByRole('main')).toContainText(shows);
      await expect(page.getByRole('main').locator('.alert--error')).toHaveCount(0);
    }
  });
});

test.describe('the Post Office', () => {
  test("the administrator sends a template's completed forms by email with a field map, which stays after a reload", async ({ page }) => {
    await signIn(page, 'demo.admin');
    await page.goto('/iforms');
    const list = page.getByRole('table', { name: 'Integrations' });
    await expect(list.getByRole('row').filter({ hasText: 'housing.northwindcare.example/hooks/tenancies' })).toContainText('Tenancy Agreement');

    await page.getByLabel('Template', { exact: true }).selectOption({ label: 'Tenancy Agreement' });
    await page.getByLabel('Send completed forms to').selectOption({ label: 'Email' });
    await page.getByLabel('Tenant name: name in the receiving system').fill('Tenant');
    await page.getByLabel('Monthly rent: name in the receiving system').fill('RentPcm');
    await page.getByLabel('Email address', { exact: true }).fill('lettings@northwindcare.example');
    await page.getByLabel('What is sent').selectOption({ label: 'The PDF and the data' });
    await page.getByRole('button', { name: 'Save integration' }).click();
    await expect(page.getByText('The integration has been saved.', { exact: true })).toBeVisible();
    await expect(list.getByRole('row').filter({ hasText: 'lettings@northwindcare.example' })).toContainText('The PDF and the data');

    await page.reload();
    await expect(page.getByLabel('Monthly rent: name in the receiving system')).toHaveValue('RentPcm');
    await expect(page.getByLabel('Email address', { exact: true })).toHaveValue('lettings@northwindcare.example');
  });

  test("the administrator reads the SFTP integration's last deliveries and sends the failed one again", async ({ page }) => {
    await signIn(page, 'demo.admin');
    await page.goto('/iforms');
    await page.getByRole('button', { name: 'Edit the integration of Timesheet Approval' }).click();
    const deliveries = page.getByRole('table', { name: 'Last deliveries of Timesheet Approval' });
    const failedText = 'Delivery failed: no user name and password or key is saved for this server.';
    const failed = deliveries.getByRole('row').filter({ hasText: failedText });
    await expect(failed.first()).toContainText('Failed');
    await expect(deliveries.getByRole('row').filter({ hasText: 'Delivered when the form was completed.' }).first()).toContainText('Delivered');
    await expect(page.getByText('No password or key is kept yet.')).toBeVisible();
    // The queue may have tried it again since the server started: count the attempts first.
    const before = await failed.count();
    await failed
      .first()
      .getByRole('button', { name: /Send again/ })
      .click();
    // Queued: the form's row waits for the new attempt, which the queue makes in a moment.
    await expect(deliveries.getByText('Sending again…').first()).toBeVisible();
    // Still no sign-in saved, so the new attempt failed too: it is listed, and said.
    await expect(page.getByText(/ was not delivered/).first()).toBeVisible();
    await expect(deliveries.getByText('Sending again…')).toHaveCount(0);
    await expect.poll(() => failed.count()).toBeGreaterThan(before);
  });

  test('the administrator subscribes an address to events, copies its secret once, pauses and resumes it, then removes it', async ({ page }) => {
    await signIn(page, 'demo.admin');
    await page.goto('/iforms');
    await page.getByRole('link', { name: 'Webhooks for every event' }).click();
    await expect(page).toHaveURL(/\/webhooks$/);
    const address = `https://hooks.example.com/formsign/${Date.now()}`;
    await page.getByLabel('Address (https://…)').fill(address);
    await page.getByLabel('Description').fill('Template changes');
    // Only template changes, so the demo's other journeys send nothing to an address that does not answer.
    await page.getByRole('checkbox', { name: /Form completed/ }).uncheck();
    await page.getByRole('checkbox', { name: /Template changed/ }).check();
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(page.getByLabel('Secret', { exact: true })).toHaveText(/^whsec_[0-9a-f]{64}$/);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.getByLabel('Secret', { exact: true })).toHaveCount(0);

    const row = page.getByRole('table', { name: 'Webhook subscriptions' }).getByRole('row').filter({ hasText: address });
    await expect(row).toContainText('template.changed');
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: `Pause ${address}` }).click();
    await expect(row).toContainText('Paused: Paused by');
    await row.getByRole('button', { name: `Resume ${address}` }).click();
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: `Delivery log ${address}` }).click();
    await expect(page.getByRole('table', { name: `Delivery log of ${address}` })).toContainText('No event has been sent to this address yet.');
    await row.getByRole('button', { name: `Remove ${address}` }).click();
    await page.getByRole('button', { name: 'Remove subscription' }).click();
    await expect(row).toHaveCount(0);
  });

  test('the administrator previews what a tenancy record fills in', async ({ page }) => {
    await signIn(page, 'demo.admin');
    await page.goto('/pforms');
    await expect(page.getByRole('table', { name: 'Data sources' }).getByRole('row').filter({ hasText: 'Tenancies' })).toContainText(
      'Tenancy Agreement',
    );
    await page.getByRole('link', { name: 'Tenancies' }).click();
    await expect(page.getByRole('heading', { name: 'Tenancies' })).toBeVisible();
    await page.getByLabel('Record', { exact: true }).selectOption('T-0413');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('table', { name: 'Record T-0413' });
    await expect(preview.getByRole('row').filter({ hasText: 'Tenant name' })).toContainText('David Okonkwo');
    await expect(preview.getByRole('row').filter({ hasText: 'Property address' })).toContainText('9 Quay Street');
  });
});
