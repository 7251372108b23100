/**
 * An administrator adds a tutorial PDF of the organisation on the Help page, against the real
 * server (a video-looking PDF refused in the product's words first), and finds it among the
 * guides; then exports one form's audit trail as CSV from Audit Forms and reads the file.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

test("an administrator adds a tutorial PDF for the organisation's team", async ({ page }) => {
  const title = `Rota rules ${Date.now()}`;
  await signIn(page, 'demo.admin');
  await page.goto('/help');
  const form = page.getByRole('form', { name: 'Add a tutorial' });
  await expect(form).toBeVisible();

  // A PDF chosen as a video is refused by its content, and what was typed stays.
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('File').setInputFiles({ name: 'rules.mp4', mimeType: 'video/mp4', buffer: pdf });
  await form.getByRole('button', { name: 'Add tutorial' }).click();
  await expect(form.getByRole('alert')).toHaveText('This file is not an MP4 or WebM video. Please choose a video in one of these formats.');
  await expect(form.getByLabel('Title')).toHaveValue(title);

  await form.getByLabel('Kind').selectOption('pdf');
  await form.getByLabel('Page it explains').selectOption({ label: 'Getting started' });
  await form.getByLabel('File').setInputFiles({ name: 'rules.pdf', mimeType: 'application/pdf', buffer: pdf });
  await form.getByRole('button', { name: 'Add tutorial' }).click();
  await expect(form.getByRole('status')).toHaveText(`"${title}" is added.`);

  const guide = page.getByRole('link', { name: new RegExp(title) });
  await expect(guide).toBeVisible();
  const href = await guide.getAttribute('href');
  const served = await page.request.get(href ?? '');
  expect(served.status()).toBe(200);
  expect((await served.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByRole('list', { name: "Your organisation's tutorials" })).toContainText(title);

  // Removed again, it is gone from the guides.
  await page.getByRole('button', { name: `Remove ${title}` }).click();
  await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
});

test("an administrator exports one form's audit trail as CSV", async ({ page }) => {
  await signIn(page, 'demo.admin');
  await page.goto('/formaudit');
  const first = page.getByRole('button', { name: /^Show trail of / }).first();
  await expect(first).toBeVisible();
  const reference = ((await first.textContent()) ?? '').replace('Show trail of ', '').trim();
  await first.click();
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(reference)}`));

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^formsign-audit-.*\.csv$/);
  const text = await readFile((await download.path()) ?? '', 'utf8');
  const [header, ...rows] = text.split('\r\n').filter(Boolean);
  expect(header).toBe('at,reference,title,event,actor,ip');
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row.split(',')[1]).toBe(reference);
});
