/**
 * A place that receives a copy, and a signature hosted in person, against the real server: a
 * template made with a signer and a copy place; its sender opens the signer's place on their own
 * device from the form's progress and the signer signs there; the sealed PDF's certificate says
 * who hosted it, and the copy place is mailed the sealed PDF, attached (read from the outbox).
 */
import { expect, test } from '@playwright/test';
import { mailTo, makeTemplate, signIn, pdfText, signAndReadSeal } from './support.ts';

test('a signature hosted in person says so on the certificate, and the copy place is mailed the sealed PDF', async ({ page }) => {
  test.setTimeout(90_000);
  const title = `Key Handover ${Date.now()}`;
  const copyTo = `records.${Date.now()}@mail.example`;
  await signIn(page, 'demo.admin');
  await makeTemplate(page, title, [{ label: 'Tenant signature', type: 'signature', required: true }], 'Tenant', { copyPlace: 'Records' });

  await page.goto(`/listing?search=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: `Send ${title}` }).click();
  await expect(page.getByText('receives a copy of the sealed PDF')).toBeVisible();
  await page.getByLabel('Name').nth(0).fill('Ivo Marsh');
  await page.getByLabel('Email').nth(0).fill(`ivo.${Date.now()}@mail.example`);
  await page.getByLabel('Name').nth(1).fill('Rhea Records');
  await page.getByLabel('Email').nth(1).fill(copyTo);
  await page.getByRole('button', { name: 'Send the form' }).click();
  await expect(page.getByRole('heading', { name: /^Sent: / })).toBeVisible();

  await page.getByRole('link', { name: 'Follow its progress' }).click();
  await expect(page.getByRole('cell', { name: 'Gets the sealed PDF once the form is complete' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in person with Ivo Marsh' }).click();
  await page.getByRole('button', { name: 'Open it on this device' }).click();

  await expect(page).toHaveURL(/\/web-signing\//);
  await expect(page.getByRole('heading', { name: new RegExp(title) })).toBeVisible();
  const sealed = await signAndReadSeal(page, 'Ivo Marsh');
  expect(sealed).toContain('Signed in person, hosted by Olivia Bennett.');
  expect(sealed).toContain('Rhea Records <' + copyTo + '> Records. Receives a copy of this sealed PDF by email');

  const copy = await mailTo(copyTo, /^A copy of /);
  expect(copy.text).toContain('The sealed PDF is attached.');
  const [attached] = copy.attachments;
  expect(attached?.contentType).toBe('application/pdf');
  expect(pdfText(attached?.content ?? Buffer.alloc(0))).toContain('Signed in person, hosted by Olivia Bennett.');
});
