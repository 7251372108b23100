/**
 * Pre-population from zero, as an administrator makes it: a template whose sender answers
 * the tenant's name and rent, a CSV of tenancies uploaded (a bad file first, its bad row
 * shown, nothing saved), its columns mapped to the template's fields, and a form sent
 * pre-filled from a record picked by searching, one answer changed before sending. Then
 * filling in: an administrator fills their own step of a form sent to them from a record of
 * the demo's Tenancies, keeping the answer they had typed, and signs it; the answers are kept.
 */
import { expect, test } from '@playwright/test';
import { linkIn, mailTo, makeTemplate, signIn } from './support.ts';

test('a CSV becomes a data source, is mapped to a template, and fills a form as it is sent', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const title = `Lease ${stamp}`;
  const source = `Leases ${stamp}`;
  await signIn(page, 'demo.admin');

  // A template: the sender answers the tenant's name and the rent, the tenant signs.
  await makeTemplate(
    page,
    title,
    [
      { label: 'Tenant name', answeredBy: '0' },
      { label: 'Monthly rent', answeredBy: '0' },
      { label: 'Tenant signature', type: 'signature' },
    ],
    'Tenant',
  );

  // A file with a bad row is refused, row by row, and nothing is saved.
  await page.goto('/pforms');
  await page.getByLabel('Name', { exact: true }).fill(source);
  await page.getByLabel('Fills in').selectOption({ label: title });
  const file = page.getByLabel('CSV file', { exact: true });
  await file.setInputFiles({ name: 'leases.csv', mimeType: 'text/csv', buffer: Buffer.from('Ref,Tenant,Rent\nL-1,Margaret Ellis\n') });
  await page.getByRole('button', { name: 'Upload' }).click();
  const bad = page.getByRole('table', { name: 'Rows that cannot be loaded' });
  await expect(bad.getByRole('row').filter({ hasText: 'It has 2 values; the header has 3 columns.' })).toContainText('2');
  await expect(page.getByRole('table', { name: 'Data sources' })).not.toContainText(source);

  // The corrected file makes the source; what was typed was kept.
  await file.setInputFiles({
    name: 'leases.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Ref,Tenant,Rent\nL-1,Margaret Ellis,875\nL-2,=HYPERLINK("x"),920\nL-3,David Okonkwo,720\n'),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('heading', { name: source })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Records' })).toContainText('=HYPERLINK("x")');

  // Its columns are mapped to the template's fields.
  await page.getByLabel('Tenant name', { exact: true }).selectOption('Tenant');
  await page.getByLabel('Monthly rent', { exact: true }).selectOption('Rent');
  await page.getByRole('button', { name: 'Save the mapping' }).click();
  const order = page.getByRole('table', { name: 'Which data column fills each field' });
  await expect(order.getByRole('row').filter({ hasText: 'Tenant name' })).toContainText('Tenant');
  await expect(order.getByRole('row').filter({ hasText: 'Monthly rent' })).toContainText('Rent');

  // Sending: a record picked by searching fills the sender's answers, which can still change.
  await page.goto(`/listing?search=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: `Send ${title}` }).click();
  await page.getByRole('button', { name: `Pre-fill from ${source}` }).click();
  await page.getByLabel(`Search the records of ${source}`).fill('okonkwo');
  await page.getByLabel(`Search the records of ${source}`).press('Enter');
  await expect(page.getByRole('button', { name: 'Use L-1' })).toBeHidden();
  await page.getByRole('button', { name: 'Use L-3' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Filled in from ${source}, record L-3.` })).toBeVisible();
  await expect(page.getByLabel('Tenant name', { exact: true })).toHaveValue('David Okonkwo');
  await expect(page.getByLabel('Monthly rent', { exact: true })).toHaveValue('720');
  await page.getByLabel('Monthly rent', { exact: true }).fill('750');
  await page.getByLabel('Name', { exact: true }).fill('David Okonkwo');
  await page.getByLabel('Email', { exact: true }).fill('david.okonkwo@mail.example');
  await page.getByRole('button', { name: 'Send the form' }).click();
  await expect(page.getByRole('heading', { name: /^Sent: / })).toBeVisible();
});

test('a person filling in their step of a form sent to them pre-fills it from a record, keeps what they typed, and signs', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'demo.admin');

  // The demo's Tenancy Agreement (its Tenancies source fills it), sent to Olivia Bennett herself.
  await page.goto(`/listing?search=${encodeURIComponent('Tenancy Agreement')}`);
  await page.getByRole('link', { name: 'Send Tenancy Agreement', exact: true }).click();
  await page.getByLabel('Colleague').selectOption({ label: 'Olivia Bennett (demo.admin@northwindcare.example)' });
  await page.getByRole('button', { name: 'Send the form' }).click();
  const sent = page.getByRole('heading', { name: /^Sent: / });
  await expect(sent).toBeVisible();
  const reference = ((await sent.textContent()) ?? '').replace(/^Sent: /, '');

  // She opens it from her mail, signed in: her step offers the records; she typed the rent first.
  await page.goto(linkIn(await mailTo('demo.admin@northwindcare.example', /asks you to .*"Tenancy Agreement - Olivia Bennett"/)));
  await page.getByRole('textbox', { name: 'Monthly rent', exact: true }).fill('999');
  await page.getByRole('button', { name: 'Pre-fill from Tenancies' }).click();
  await page.getByLabel('Search the records of Tenancies').fill('okonkwo');
  await page.getByLabel('Search the records of Tenancies').press('Enter');
  await expect(page.getByRole('button', { name: 'Use T-0412' })).toBeHidden();
  await page.getByRole('button', { name: 'Use T-0413' }).click();

  // What she typed is hers: the record replaces it only if she says so. She keeps it.
  const ask = page.getByRole('dialog', { name: 'Replace your answers?' });
  await expect(ask).toContainText('Monthly rent: “999” becomes “720”');
  await ask.getByRole('button', { name: 'Keep my answers' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Filled in from Tenancies, record T-0413.' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Tenant name', exact: true })).toHaveValue('David Okonkwo');
  await expect(page.getByRole('textbox', { name: 'Property address', exact: true })).toHaveValue('Flat 3, 9 Quay Street, Bristol BS1 2JL');
  await expect(page.getByRole('textbox', { name: 'Start date', exact: true })).toHaveValue('2026-11-15');
  await expect(page.getByRole('textbox', { name: 'Monthly rent', exact: true })).toHaveValue('999');

  await page.getByLabel('Your full name, as your signature').fill('Olivia Bennett');
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await page.getByLabel('By signing, I agree that my electronic signature is legally binding').check();
  await page.getByRole('button', { name: 'Sign and send' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you: the form is signed and sent' })).toBeVisible();

  // The answers are kept as she sent them.
  await page.goto(`/database?search=${encodeURIComponent(reference)}`);
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('David Okonkwo');
  await expect(row).toContainText('999');
});
