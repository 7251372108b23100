/**
 * Action Required against the real server: a form waiting for the person to sign opens there
 * for signing (answers, a signature, "Sign and send"), not as an approval the server would
 * refuse; an approval still opens for review.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

test('a form waiting for her signature opens from Action Required to be signed, and is signed', async ({ page }) => {
  await signIn(page, 'demo.admin');
  // The demo's Tenancy Agreement, whose first place signs, sent to Olivia Bennett herself.
  await page.goto(`/listing?search=${encodeURIComponent('Tenancy Agreement')}`);
  await page.getByRole('link', { name: 'Send Tenancy Agreement', exact: true }).click();
  await page.getByLabel('Colleague').selectOption({ label: 'Olivia Bennett (demo.admin@northwindcare.example)' });
  await page.getByRole('button', { name: 'Send the form' }).click();
  const sent = page.getByRole('heading', { name: /^Sent: / });
  await expect(sent).toBeVisible();
  const reference = ((await sent.textContent()) ?? '').replace(/^Sent: /, '');

  await page.goto('/pending');
  const row = page.getByRole('row').filter({ hasText: reference });
  await row.getByRole('link', { name: /^Sign / }).click();
  await expect(page).toHaveURL(/\/open-pending\/[\w-]+$/);
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Tenant name', exact: true }).fill('Maya Thorne');
  await page.getByRole('textbox', { name: 'Property address', exact: true }).fill('2 Dock Row, Bristol BS1 5LT');
  await page.getByRole('textbox', { name: 'Start date', exact: true }).fill('2026-12-01');
  await page.getByRole('textbox', { name: 'Monthly rent', exact: true }).fill('810');
  await page.getByLabel('Your full name, as your signature').fill('Olivia Bennett');
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await page.getByLabel('By signing, I agree that my electronic signature is legally binding').check();
  await page.getByRole('button', { name: 'Sign and send' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you: the form is signed and sent' })).toBeVisible();

  await page.goto('/pending');
  await expect(page.getByRole('table')).not.toContainText(reference);
});
