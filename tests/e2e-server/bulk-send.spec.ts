/**
 * Sending a template to many people from a CSV, as a sender does it: from the send page, the
 * CSV to fill is downloaded with the template's columns; a file with a bad row is checked and
 * the row's reason shown (nothing can be sent); the corrected file is checked and sent, and the
 * bulk send's page shows its progress and counts.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { makeTemplate, signIn } from './support.ts';

test('a CSV is downloaded, checked with its bad row shown, corrected, sent, and followed on its page', async ({ page }) => {
  test.setTimeout(90_000);
  const title = `Client Agreement ${Date.now()}`;
  await signIn(page, 'demo.admin');
  await makeTemplate(
    page,
    title,
    [
      { label: 'Location', answeredBy: '0', required: true },
      { label: 'Client signature', type: 'signature' },
    ],
    'Client',
  );

  // From the send page of the template, to many people.
  await page.goto('/send');
  await page.getByRole('button', { name: title }).click();
  await page.getByRole('link', { name: 'Send to many people from a CSV' }).click();
  await expect(page.getByRole('heading', { name: `Send ${title} to many people` })).toBeVisible();

  // The CSV to fill has the template's columns.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the CSV template' }).click()]);
  const csv = (await readFile((await download.path()) ?? '', 'utf8')).replace(/^\ufeff/, '');
  expect(csv.split('\r\n')[0]).toBe('Client name,Client email,Location');

  // A file with a bad row: its reason is shown, and nothing can be sent.
  const file = page.getByLabel('CSV file', { exact: true });
  const rows = (second: string) =>
    Buffer.from(`Client name,Client email,Location\r\nAnn Hughes,ann.hughes@mail.example,Harbour House\r\nBen Carter,${second},Quay Side\r\n`);
  await file.setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: rows('ben.carter@') });
  await page.getByRole('button', { name: 'Check the file' }).click();
  const bad = page.getByRole('table', { name: 'Rows that cannot be sent' });
  await expect(bad.getByRole('row').filter({ hasText: 'Client email is not an email address: "ben.carter@".' })).toContainText('3');
  await expect(page.getByRole('button', { name: /^Send/ })).toHaveCount(0);

  // Corrected, checked and sent: the bulk send's page follows it to the end.
  await file.setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: rows('ben.carter@mail.example') });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText('Every row can be sent: 2 forms, one envelope each.')).toBeVisible();
  await page.getByRole('button', { name: 'Send 2 forms' }).click();
  await expect(page).toHaveURL(/\/bulk-sends\/\d+$/);
  await expect(page.getByRole('heading', { name: `${title}: Sent` })).toBeVisible();
  await expect(page.getByText('2 of 2 rows done')).toBeVisible();
  await expect(page.getByTestId('bulk-sent')).toHaveText('2');
  await expect(page.getByTestId('bulk-opened')).toHaveText('0');
  await expect(page.getByTestId('bulk-completed')).toHaveText('0');
  await expect(page.getByTestId('bulk-unsent')).toHaveText('0');

  // The list of bulk sends has it.
  await page.getByRole('link', { name: 'All bulk sends' }).click();
  await expect(page.getByRole('table', { name: 'Bulk sends' }).getByRole('row').filter({ hasText: title })).toContainText('2 of 2');
});
