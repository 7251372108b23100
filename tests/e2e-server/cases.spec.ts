/**
 * Case management from nothing, against the real server: an administrator opens a case,
 * gives it a caseworker and a note, and files a form already sent on it from the form's
 * progress page; the case then lists the form.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

test('an administrator opens a case, assigns a caseworker, notes it and files a form on it', async ({ page }) => {
  const name = `Nadia Kowalski ${Date.now().toString(36)}`;
  await signIn(page, 'demo.admin');
  await page.goto('/dsm');
  await page.getByRole('link', { name: 'Open a case' }).click();
  await expect(page).toHaveURL(/\/tenant\/new$/);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Address').fill('5 Mill Lane, Bristol BS3 1AA');
  const caseworker = page.getByLabel('Caseworker');
  const liam = await caseworker.locator('option', { hasText: 'Liam Carter' }).getAttribute('value');
  await caseworker.selectOption(liam ?? '');
  await page.getByRole('button', { name: 'Open the case' }).click();
  await expect(page).toHaveURL(/\/tenant\/\d+$/);
  const caseAddress = page.url();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.locator('.ops-details')).toContainText('Liam Carter');

  await page.getByLabel('New note').fill('Visited; the boiler is fixed.');
  await page.getByRole('button', { name: 'Add the note' }).click();
  const notes = page.getByRole('list', { name: 'Case notes' });
  await expect(notes).toContainText('Visited; the boiler is fixed.');
  await expect(notes).toContainText('Olivia Bennett');
  await expect(page.getByLabel('New note')).toHaveValue('');

  // A form already sent, filed from its progress page.
  await page.goto('/workflow');
  const firstForm = page.locator('a.cell-main').first();
  const reference = (await page.locator('.cell-sub').first().innerText()).trim();
  await firstForm.click();
  await expect(page).toHaveURL(/\/workflow\/\d+$/);
  const picker = page.getByLabel('File on case');
  const ours = await picker.locator('option', { hasText: name }).getAttribute('value');
  await picker.selectOption(ours ?? '');
  await page.getByRole('button', { name: 'File on this case' }).click();
  await expect(page.getByRole('form', { name: 'Case' })).toContainText(`Filed on the case of ${name}`);

  await page.goto(caseAddress);
  await expect(page.getByRole('table', { name: 'Forms on the case' })).toContainText(reference);
  await expect(notes).toContainText('Visited; the boiler is fixed.');
});
