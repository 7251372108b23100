/**
 * A place that receives a copy, and a signature hosted in person, against the real server: a
 * template made with a signer and a copy place; its sender opens the signer's place on their own
 * device from the form's progress and the signer signs there; the sealed PDF's certificate says
 * who hosted it, and the copy place is mailed the sealed PDF, attached (read from the outbox).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { mailTo, makeTemplate, signIn } from './support.ts';

function pdfText(bytes: Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'formsign-in-person-'));
  try {
    writeFileSync(join(folder, 'sealed.pdf'), bytes);
    return execFileSync('pdftotext', [join(folder, 'sealed.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

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
  await page.getByLabel('Your full name, as your signature').fill('Ivo Marsh');
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await page.getByLabel('By signing, I agree that my electronic signature is legally binding').check();
  await page.getByRole('button', { name: 'Sign and send' }).click();
  const download = page.getByRole('link', { name: 'Download the signed PDF' });
  await expect(download).toBeVisible({ timeout: 30_000 });

  const sealed = pdfText(await (await page.request.get((await download.getAttribute('href')) ?? '')).body());
  expect(sealed).toContain('Signed in person, hosted by Olivia Bennett.');
  expect(sealed).toContain('Rhea Records <' + copyTo + '> Records. Receives a copy of this sealed PDF by email');

  const copy = await mailTo(copyTo, /^A copy of /);
  expect(copy.text).toContain('The sealed PDF is attached.');
  const [attached] = copy.attachments;
  expect(attached?.contentType).toBe('application/pdf');
  expect(pdfText(attached?.content ?? Buffer.alloc(0))).toContain('Signed in person, hosted by Olivia Bennett.');
});
