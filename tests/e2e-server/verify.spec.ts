/**
 * Checking a signed document on `/verify`, as anyone would: a completed form's sealed PDF,
 * downloaded from Completed Forms, is recognised as sealed and unchanged with its form and
 * signers; a copy with one byte changed is told apart, and so is a PDF sealed elsewhere; a file
 * that is not a PDF is refused in the product's words.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support.ts';

async function check(page: Page, name: string, bytes: Buffer): Promise<void> {
  await page.getByLabel('Drop a PDF here, or choose one').setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
}

test('a sealed PDF is told from a changed one and from a foreign one', async ({ page, browser }) => {
  await signIn(page, 'demo.admin');
  await page.goto('/completed');
  const first = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: /^PDF/ }) })
    .first();
  await expect(first).toBeVisible();
  const reference = ((await first.getByRole('link', { name: /^PDF/ }).textContent()) ?? '').replace(/^PDF of (\S+).*$/, '$1');
  const sealed = await (await page.request.get((await first.getByRole('link', { name: /^PDF/ }).getAttribute('href')) ?? '')).body();

  // Someone without an account checks it.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/verify');
  await expect(visitor).toHaveTitle(/Check a signed document/);
  await check(visitor, `${reference}.pdf`, sealed);
  const verdict = visitor.getByRole('region', { name: 'Sealed here and unchanged' });
  await expect(verdict).toBeVisible();
  await expect(verdict).toContainText('This document was sealed by this formsign and has not been changed since.');
  await expect(verdict).toContainText(reference);
  await expect(verdict).toContainText('Northwind Care Ltd');
  await expect(verdict.getByRole('table', { name: 'Who acted on it' }).getByRole('row')).not.toHaveCount(1);

  // One byte of its information changed.
  const changed = Buffer.from(sealed);
  const at = changed.indexOf('/Title');
  expect(at).toBeGreaterThan(0);
  changed[at + 8] = changed[at + 8] === 0x41 ? 0x42 : 0x41;
  await check(visitor, 'changed.pdf', changed);
  await expect(visitor.getByRole('region', { name: 'Changed since it was sealed' })).toContainText('it is not the document that was signed');

  // A PDF this instance never sealed.
  const foreign = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
  await check(visitor, 'elsewhere.pdf', foreign);
  await expect(visitor.getByRole('region', { name: 'Not sealed here' })).toContainText('carries no seal of ours');

  // Not a PDF at all: the error, and the last verdict gone.
  await check(visitor, 'notes.pdf', Buffer.from('Meeting notes, not a PDF.'));
  await expect(visitor.getByRole('alert')).toHaveText('This file is not a PDF. Please choose the PDF you want to check.');
  await expect(visitor.getByRole('region', { name: 'Not sealed here' })).toHaveCount(0);
});
