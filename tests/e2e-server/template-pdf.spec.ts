/**
 * A template started from a PDF, against the real server: an administrator uploads a PDF in
 * step 2, sees its page drawn (pdf.js under the app's Content-Security-Policy), places one
 * field by dragging it onto the page and moving it, and another with the keyboard through its
 * page, position and size; saves; and finds both placements kept after a reload.
 */
import { PDF } from '@libpdf/core';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support.ts';

async function twoPagePdf(): Promise<Buffer> {
  const pdf = PDF.create();
  for (const label of ['Tenancy agreement', 'Signatures']) {
    const page = pdf.addPage({ width: 595.28, height: 841.89 });
    page.drawText(label, { x: 72, y: 780, size: 24 });
  }
  return Buffer.from(await pdf.save());
}

/** Whether the canvas holds something other than blank pixels (the page was drawn). */
async function drawn(page: Page, name: string): Promise<boolean> {
  return page.getByRole('img', { name }).evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0) return false;
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let index = 0; index < pixels.length; index += 4) if ((pixels[index] ?? 255) < 128 && (pixels[index + 3] ?? 0) > 0) return true;
    return false;
  });
}

async function numberOf(page: Page, label: string): Promise<number> {
  return Number(await page.getByRole('spinbutton', { name: label, exact: true }).inputValue());
}

test('a PDF is uploaded in step 2, fields are placed on it by dragging and by the keyboard, and the placements are kept', async ({ page }) => {
  test.setTimeout(90_000);
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) refusals.push(message.text());
  });
  const title = `Tenancy Agreement ${Date.now()}`;
  await signIn(page, 'demo.admin');
  await page.goto('/template/edit/new/step1');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Save and continue to fields' }).click();
  await expect(page).toHaveURL(/\/step2$/);
  const step2 = page.url();

  await page.getByRole('button', { name: '+ Add a field' }).click();
  await page.getByLabel('Label').nth(0).fill('Tenant name');
  await page.getByRole('button', { name: '+ Add a field' }).click();
  await page.getByLabel('Label').nth(1).fill('Move-in date');

  // A file that is not a PDF is refused in the product's words.
  await page.locator('input[type=file]').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some notes') });
  await expect(page.getByRole('alert')).toHaveText('This file is not a PDF we can read.');

  await page.locator('input[type=file]').setInputFiles({ name: 'tenancy.pdf', mimeType: 'application/pdf', buffer: await twoPagePdf() });
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Page 1 of the PDF' })).toBeVisible();
  await expect.poll(() => drawn(page, 'Page 1 of the PDF'), { timeout: 20_000 }).toBe(true);

  // By dragging: the field's chip onto the page, then its box a little to the right and down.
  const sheet = page.getByTestId('pdf-page');
  // The page's top (and the fields beside it) in view: the pointer moves within the window.
  await sheet.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  const area = await sheet.boundingBox();
  const chip = page.locator('.pdf-chip', { hasText: 'Tenant name' });
  const from = await chip.boundingBox();
  if (!area || !from) throw new Error('The page or the field to drag is not shown');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(area.x + 60, area.y + 120, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByLabel('Field to place')).toHaveValue(/.+/);
  await expect(page.getByRole('option', { name: 'Tenant name (page 1)' })).toBeAttached();
  const dropped = { x: await numberOf(page, 'X'), y: await numberOf(page, 'Y') };
  expect(dropped.x).toBeGreaterThan(0);

  const box = page.getByRole('button', { name: /“Tenant name”: drag to move/ });
  const start = await box.boundingBox();
  if (!start) throw new Error('The placed field is not shown');
  await page.mouse.move(start.x + 10, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + 70, start.y + start.height / 2 + 40, { steps: 8 });
  await page.mouse.up();
  await expect.poll(() => numberOf(page, 'X')).toBeGreaterThan(dropped.x + 10);
  expect(await numberOf(page, 'Y')).toBeLessThan(dropped.y - 10);
  const tenant = {
    x: await numberOf(page, 'X'),
    y: await numberOf(page, 'Y'),
    width: await numberOf(page, 'Width'),
    height: await numberOf(page, 'Height'),
  };

  // With the keyboard: choose the field, place it, then type its page, position and size.
  await page.getByLabel('Field to place').selectOption({ label: 'Move-in date (not placed)' });
  await page.getByRole('button', { name: 'Place on page 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('spinbutton', { name: 'Page', exact: true })).toHaveValue('1');
  for (const [label, value] of [
    ['Page', '2'],
    ['X', '72'],
    ['Y', '100'],
    ['Width', '150'],
    ['Height', '24'],
  ] as const) {
    await page.getByRole('spinbutton', { name: label, exact: true }).fill(value);
    await page.keyboard.press('Tab');
  }
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page.getByRole('button', { name: /“Move-in date”: drag to move/ })).toBeVisible();

  await page.getByRole('button', { name: 'Save and continue to recipients' }).click();
  await expect(page).toHaveURL(/\/step3$/);

  // After a reload, both placements are as they were saved.
  await page.goto(step2);
  await page.getByLabel('Field to place').selectOption({ label: 'Move-in date (page 2)' });
  expect([
    await numberOf(page, 'Page'),
    await numberOf(page, 'X'),
    await numberOf(page, 'Y'),
    await numberOf(page, 'Width'),
    await numberOf(page, 'Height'),
  ]).toEqual([2, 72, 100, 150, 24]);
  await page.getByLabel('Field to place').selectOption({ label: 'Tenant name (page 1)' });
  expect({
    x: await numberOf(page, 'X'),
    y: await numberOf(page, 'Y'),
    width: await numberOf(page, 'Width'),
    height: await numberOf(page, 'Height'),
  }).toEqual(tenant);
  await expect(page.getByRole('button', { name: /“Tenant name”: drag to move/ })).toBeVisible();
  await expect.poll(() => drawn(page, 'Page 1 of the PDF'), { timeout: 20_000 }).toBe(true);
  expect(refusals).toEqual([]);
});
