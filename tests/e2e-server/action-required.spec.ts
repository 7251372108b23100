/**
 * Action Required against the real server: a form waiting for the person to sign opens there
 * for signing (answers, a signature, "Sign and send"), not as an approval the server would
 * refuse; an approval still opens for review.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

test('a form waiting for her signature opens from Action Required to be signed, and is signed', async ({ page }) => {
  await signIn(page, 'demo.admin');
  // The demo's Incident Report, whose reporter signs, sent to Olivia Bennett herself.
  await page.goto(`/listing?search=${encodeURIComponent('Incident Report')}`);
  await page.getByRole('link', { name: 'Send Incident Report', exact: true }).click();
  await page.getByLabel('Colleague').first().selectOption({ label: 'Olivia Bennett (demo.admin@northwindcare.example)' });
  await page.getByRole('button', { name: 'Send the form' }).click();
  const sent = page.getByRole('heading', { name: /^Sent: / });
  await expect(sent).toBeVisible();
  const reference = ((await sent.textContent()) ?? '').replace(/^Sent: /, '');

  await page.goto('/pending');
  const row = page.getByRole('row').filter({ hasText: reference });
  await row.getByRole('link', { name: /^Sign / }).click();
  await expect(page).toHaveURL(/\/open-pending\/[\w-]+$/);
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await page.getByLabel('When did it happen?').fill('2026-11-20');
  await page.getByLabel('Where did it happen?').selectOption('Elm Court');
  await page.getByLabel('How serious was it?').selectOption('Minor');
  await page.getByLabel('What happened?').fill('A resident slipped in the hall; no injury.');
  await page.getByLabel('Your full name, as your signature').fill('Olivia Bennett');
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await page.getByLabel('By signing, I agree that my electronic signature is legally binding').check();
  await page.getByRole('button', { name: 'Sign and send' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you: the form is signed and sent' })).toBeVisible();

  await page.goto('/pending');
  await expect(page.getByRole('table')).not.toContainText(reference);
});
