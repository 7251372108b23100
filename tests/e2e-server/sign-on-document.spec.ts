/**
 * Signing on the document, against the real server: an administrator makes a template from a
 * two-page PDF with a field for each of two signers placed on its pages, and sends it. The
 * first signer, on a 390 px phone, sees the pages as the server drew them (images, without the
 * PDF) and fills in their fields where they stand on the page (the
 * second signer's field is not shown); the second, with the keyboard alone, sees the first's
 * answer in place and signs theirs; the administrator approves the document with every answer
 * in place. Each page passes axe with no violation. A signer gives their initials once in one box
 * of the document and finds them in every initials box, kept with a draft and sealed in each.
 */
import { randomBytes } from 'node:crypto';
import { PDF } from '@libpdf/core';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { linkIn, mailTo, pdfText, signIn } from './support.ts';

const consent = 'By signing, I agree that my electronic signature is legally binding';

/** Two pages and a 1.5 MB attachment (bytes that do not compress), so that a signing page that fetched the PDF would be seen to. */
async function twoPagePdf(): Promise<Buffer> {
  const pdf = PDF.create();
  for (const label of ['Key handover', 'Signatures']) {
    const page = pdf.addPage({ width: 595.28, height: 841.89 });
    page.drawText(label, { x: 72, y: 780, size: 24 });
  }
  pdf.addAttachment('inventory.bin', randomBytes(1_500_000), { mimeType: 'application/octet-stream' });
  return Buffer.from(await pdf.save());
}

/** Places a field with the keyboard: its page, position and size in points (from the page's bottom left). */
async function place(page: Page, label: string, at: { page: number; x: number; y: number; width: number; height: number }): Promise<void> {
  await page.getByLabel('Field to place').selectOption({ label: `${label} (not placed)` });
  await page.getByRole('button', { name: 'Place on page 1' }).click();
  for (const [name, value] of [
    ['Page', at.page],
    ['X', at.x],
    ['Y', at.y],
    ['Width', at.width],
    ['Height', at.height],
  ] as const) {
    await page.getByRole('spinbutton', { name, exact: true }).fill(String(value));
    await page.keyboard.press('Tab');
  }
}

/** Presses Tab until `target` has the focus (at most `limit` times). */
async function tabTo(page: Page, target: Locator, limit = 20): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Whether `inner` lies within `outer` on the screen. */
async function within(inner: Locator, outer: Locator): Promise<boolean> {
  const a = await inner.boundingBox();
  const b = await outer.boundingBox();
  if (!a || !b) return false;
  return a.x >= b.x - 1 && a.y >= b.y - 1 && a.x + a.width <= b.x + b.width + 1 && a.y + a.height <= b.y + b.height + 1;
}

test('a PDF template is signed on its pages by two signers in order, one on a phone and one with the keyboard, then approved on the document', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Key Handover PDF ${Date.now()}`;
  await signIn(page, 'demo.admin');

  // The template: its fields, placed on the PDF's pages.
  await page.goto('/template/edit/new/step1');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Save and continue to fields' }).click();
  await expect(page).toHaveURL(/\/step2$/);
  await page.getByRole('button', { name: '+ Add a field' }).click();
  await page.getByLabel('Label').nth(0).fill('Property');
  await page.getByLabel('Required').nth(0).check();
  await page.getByRole('button', { name: '+ Add a field' }).click();
  await page.getByLabel('Label').nth(1).fill('Tenant signature');
  await page.getByLabel('Type').nth(1).selectOption('signature');
  await page.getByLabel('Required').nth(1).check();
  await page.getByRole('button', { name: '+ Add a field' }).click();
  await page.getByLabel('Label').nth(2).fill('Agent signature');
  await page.getByLabel('Type').nth(2).selectOption('signature');
  await page.getByLabel('Required').nth(2).check();
  // The agent's place is added here, so that their field is theirs before the recipients are edited.
  await expect(page.getByLabel('Answered by').nth(2).locator('option')).toHaveText(['The sender, when sending', '1. Signer']);
  await page.getByLabel('New place').fill('Agent');
  await page.getByLabel('New place').press('Enter');
  await expect(page.getByRole('group', { name: 'Who answers the fields' }).getByRole('listitem')).toHaveText(['1. Signer', '2. Agent']);
  await page.getByLabel('Answered by').nth(2).selectOption({ label: '2. Agent' });
  await page.locator('input[type=file]').setInputFiles({ name: 'handover.pdf', mimeType: 'application/pdf', buffer: await twoPagePdf() });
  // The upload is read in a file worker (started cold, as on a first upload): it may take a while on a busy machine.
  await expect(page.getByText('Page 1 of 2')).toBeVisible({ timeout: 20_000 });
  await place(page, 'Property', { page: 1, x: 72, y: 700, width: 260, height: 24 });
  await place(page, 'Tenant signature', { page: 1, x: 72, y: 600, width: 200, height: 48 });
  await place(page, 'Agent signature', { page: 2, x: 72, y: 600, width: 200, height: 48 });
  await page.getByRole('button', { name: 'Save and continue to recipients' }).click();
  await expect(page).toHaveURL(/\/step3$/);
  await page.getByLabel('Place 1: label').fill('Tenant');
  await expect(page.getByLabel('Place 2: label')).toHaveValue('Agent');
  await page.getByRole('button', { name: '+ Add a recipient' }).click();
  await page.getByLabel('Place 3: label').fill('Manager');
  await page.getByLabel('What they do').nth(2).selectOption('approve');
  await page.getByLabel('Goes to').nth(2).selectOption({ label: 'Olivia Bennett' });
  await page.getByRole('button', { name: 'Save the template' }).click();
  await expect(page).toHaveURL(/\/template$/);

  await page.goto(`/listing?search=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: `Send ${title}` }).click();
  await page.getByLabel('Name').nth(0).fill('Nadia Brooks');
  await page.getByLabel('Email').nth(0).fill('nadia.brooks.pdf@mail.example');
  await page.getByLabel('Name').nth(1).fill('Victor Hale');
  await page.getByLabel('Email').nth(1).fill('victor.hale.pdf@mail.example');
  await page.getByRole('button', { name: 'Send the form' }).click();
  await expect(page.getByRole('heading', { name: /^Sent: / })).toBeVisible();

  // The tenant, on a phone: the pages fit the width, their fields sit on page 1, the agent's is not shown.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const tenant = await phone.newPage();
  // On a phone's network (1 MB/s here) the pages are the images the server drew of the PDF when it was uploaded
  // (a job, which the sending above gave time): the phone fetches page 1's image, never the 1.5 MB PDF itself.
  const network = await phone.newCDPSession(tenant);
  await network.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 1_000_000, uploadThroughput: 1_000_000 });
  let files: string[] = [];
  tenant.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/file') files.push(response.headers()['content-type'] ?? '');
  });
  const sheet = tenant.getByRole('region', { name: 'The document to sign' });
  const first = sheet.locator('[data-page="1"]');
  const link = linkIn(await mailTo('nadia.brooks.pdf@mail.example', /asks you to fill in and sign/));
  await expect(async () => {
    files = [];
    await tenant.goto(link);
    await expect(sheet.locator('img[alt="Page 1 of 2"]')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  // The link's HTML painted page 1 before the app started; the app has taken its place, with the same image.
  await expect(tenant.locator('#first-paint')).toHaveCount(0);
  expect(await (await tenant.request.get(link)).text()).toContain('alt="Page 1 of 2" fetchpriority="high"');
  await expect
    .poll(() => sheet.locator('img[alt="Page 1 of 2"]').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(800);
  await expect(sheet.getByRole('img', { name: 'Page 2 of 2' })).toBeAttached();
  expect(files).toContain('image/webp');
  expect(files).not.toContain('application/pdf');
  await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  // The app turned on the stylesheet the painted HTML holds back, and started once it had loaded.
  expect(await tenant.locator('link[rel="stylesheet"]').evaluate((link: HTMLLinkElement) => !link.disabled && link.sheet !== null)).toBe(true);
  // The HTML's paint is the app's page as it first shows it, written twice (server and app): page 1 sits
  // exactly where the app then draws it. Seen here with the app's scripts and stylesheet held back, so the
  // paint stays, styled by the rules its HTML carries alone.
  const paintOnly = await phone.newPage();
  await paintOnly.route(/\/(js|css)\/[^/]+\.(js|css)$/, (route) => route.abort());
  await paintOnly.goto(link);
  const paintedBox = await paintOnly.locator('#first-paint img[alt="Page 1 of 2"]').boundingBox();
  const drawnBox = await sheet.locator('img[alt="Page 1 of 2"]').boundingBox();
  await paintOnly.close();
  expect(paintedBox, 'the painted page 1').not.toBeNull();
  for (const side of ['x', 'y', 'width', 'height'] as const) expect(paintedBox?.[side], side).toBeCloseTo(drawnBox?.[side] ?? -1, 0);
  expect(await tenant.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect((await first.boundingBox())?.width).toBeLessThanOrEqual(390);
  await expect(tenant.getByText('2 of 2 required fields left')).toBeVisible();
  await expect(tenant.getByRole('button', { name: 'Agent signature' })).toHaveCount(0);
  await expect(tenant.getByRole('button', { name: 'Finish', exact: true })).toBeDisabled();
  expect(await axeViolations(tenant, { all: true })).toEqual([]);

  await tenant.getByRole('button', { name: 'Start' }).tap();
  const property = tenant.getByRole('textbox', { name: 'Property' });
  await expect(property).toBeFocused();
  expect(await within(property, first)).toBe(true);
  await property.fill('Flat 4, 27 Harbour Street');
  await expect(tenant.getByText('1 of 2 required fields left')).toBeVisible();
  await tenant.getByRole('button', { name: 'Next' }).tap();
  const tenantSignature = tenant.getByRole('button', { name: 'Tenant signature' });
  await expect(tenantSignature).toBeFocused();
  expect(await within(tenantSignature, first)).toBe(true);
  await tenantSignature.tap();
  const dialog = tenant.getByRole('dialog', { name: 'Tenant signature' });
  await dialog.getByLabel('Your full name, as your signature').fill('Nadia Brooks');
  await dialog.getByRole('button', { name: 'Sign', exact: true }).tap();
  await expect(dialog).toBeHidden();
  await expect(tenantSignature).toContainText('Nadia Brooks');
  await expect(tenant.getByText('All 2 required fields are filled in.')).toBeVisible();
  await tenant.getByRole('button', { name: 'Finish', exact: true }).tap();
  await expect(tenant.getByRole('heading', { name: 'Check the document, then sign' })).toBeVisible();
  await expect(tenant.getByRole('region', { name: 'The document as it will be sealed' }).getByRole('img', { name: 'Page 1 of 2' })).toBeVisible();
  await tenant.getByLabel(consent).check();
  expect(await axeViolations(tenant, { all: true })).toEqual([]);
  await tenant.getByRole('button', { name: 'Sign and send' }).tap();
  await expect(tenant.getByTestId('receipt-next')).toContainText('Victor Hale');

  // The agent, with the keyboard alone: the tenant's answer is in its place, read-only; Tab reaches their own field.
  const agent = await (await browser.newContext()).newPage();
  await agent.goto(linkIn(await mailTo('victor.hale.pdf@mail.example', /asks you to fill in and sign/)));
  const pages = agent.getByRole('region', { name: 'The document to sign' });
  await expect(pages.getByRole('img', { name: 'Page 1 of 2' })).toBeVisible();
  await expect(agent.getByRole('note', { name: 'Property: Flat 4, 27 Harbour Street' })).toBeVisible();
  await expect(agent.getByRole('textbox', { name: 'Property' })).toHaveCount(0);
  await expect(agent.getByText('1 of 1 required field left')).toBeVisible();
  expect(await axeViolations(agent, { all: true })).toEqual([]);
  const agentSignature = agent.getByRole('button', { name: 'Agent signature' });
  await tabTo(agent, agentSignature, 30);
  await agent.keyboard.press('Enter');
  const agentDialog = agent.getByRole('dialog', { name: 'Agent signature' });
  await expect(agentDialog).toBeVisible();
  const typed = agentDialog.getByLabel('Your full name, as your signature');
  await tabTo(agent, typed);
  await agent.keyboard.type('Victor Hale');
  await tabTo(agent, agentDialog.getByRole('button', { name: 'Sign', exact: true }));
  await agent.keyboard.press('Enter');
  await expect(agentDialog).toBeHidden();
  await expect(agentSignature).toBeFocused();
  expect(await within(agentSignature, pages.locator('[data-page="2"]'))).toBe(true);
  await agent.keyboard.press('Tab');
  await expect(agent.getByRole('button', { name: 'Finish', exact: true })).toBeFocused();
  await agent.keyboard.press('Enter');
  await expect(agent.getByRole('heading', { name: 'Check the document, then sign' })).toBeFocused();
  await tabTo(agent, agent.getByLabel(consent));
  await agent.keyboard.press('Space');
  await agent.keyboard.press('Tab');
  await expect(agent.getByRole('button', { name: 'Sign and send' })).toBeFocused();
  await agent.keyboard.press('Enter');
  await expect(agent.getByTestId('receipt-next')).toContainText('Olivia Bennett');

  // The administrator approves beside the document, every answer in its place.
  await page.goto('/pending');
  await page
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('link', { name: /Open|Review|Approve/ })
    .first()
    .click();
  const review = page.getByRole('region', { name: 'The document to approve' });
  await expect(review.getByRole('img', { name: 'Page 1 of 2' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Property: Flat 4, 27 Harbour Street' })).toBeVisible();
  await expect(page.getByRole('note', { name: /^Tenant signature: / })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish', exact: true })).toHaveCount(0);
  expect(await axeViolations(page, { all: true })).toEqual([]);
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText(/approved and complete/)).toBeVisible();
  await phone.close();
});

test('initials given once in a box on the document go in every initials box, stay with a draft, and are sealed in each box', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const title = `Tenancy Initials ${Date.now()}`;
  const email = `ada.brook.${Date.now()}@mail.example`;
  await signIn(page, 'demo.admin');
  await page.goto('/template/edit/new/step1');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Save and continue to fields' }).click();
  await expect(page).toHaveURL(/\/step2$/);
  for (const [index, [label, type]] of [
    ['Initials, page 1', 'initials'],
    ['Initials, page 2', 'initials'],
    ['Tenant signature', 'signature'],
  ].entries()) {
    await page.getByRole('button', { name: '+ Add a field' }).click();
    await page
      .getByLabel('Label')
      .nth(index)
      .fill(label ?? '');
    await page
      .getByLabel('Type')
      .nth(index)
      .selectOption(type ?? '');
    await page.getByLabel('Required').nth(index).check();
  }
  await page.locator('input[type=file]').setInputFiles({ name: 'tenancy.pdf', mimeType: 'application/pdf', buffer: await twoPagePdf() });
  // The upload is read in a file worker (started cold, as on a first upload): it may take a while on a busy machine.
  await expect(page.getByText('Page 1 of 2')).toBeVisible({ timeout: 20_000 });
  await place(page, 'Initials, page 1', { page: 1, x: 480, y: 60, width: 60, height: 30 });
  await place(page, 'Tenant signature', { page: 1, x: 72, y: 600, width: 200, height: 48 });
  // Placed last: the editor then shows page 2, and places there.
  await place(page, 'Initials, page 2', { page: 2, x: 480, y: 60, width: 60, height: 30 });
  await page.getByRole('button', { name: 'Save and continue to recipients' }).click();
  await expect(page).toHaveURL(/\/step3$/);
  await page.getByLabel('Place 1: label').fill('Tenant');
  await page.getByRole('button', { name: 'Save the template' }).click();
  await expect(page).toHaveURL(/\/template$/);
  await page.goto(`/listing?search=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: `Send ${title}` }).click();
  await page.getByLabel('Name').fill('Ada Brook');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the form' }).click();
  await expect(page.getByRole('heading', { name: /^Sent: / })).toBeVisible();

  // The first initials box asks for them (typed, as her name suggests); both boxes then show them.
  const signer = await (await browser.newContext()).newPage();
  await signer.goto(linkIn(await mailTo(email, /asks you to fill in and sign/)));
  const first = signer.getByRole('button', { name: 'Initials, page 1' });
  const second = signer.getByRole('button', { name: 'Initials, page 2' });
  await expect(signer.getByText('3 of 3 required fields left')).toBeVisible();
  await first.click();
  const dialog = signer.getByRole('dialog', { name: 'Initials, page 1' });
  await expect(dialog.getByText('Give your initials once: they go in all 2 initials boxes of yours in this document.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Use “AB” as your initials' }).click();
  await expect(dialog.getByLabel('Your initials', { exact: true })).toHaveValue('AB');
  expect(await axeViolations(signer, { all: true })).toEqual([]);
  await dialog.getByRole('button', { name: 'Apply my initials' }).click();
  await expect(dialog).toBeHidden();
  await expect(first).toHaveText('AB');
  await expect(second).toHaveText('AB');
  await expect(signer.getByText('1 of 3 required fields left')).toBeVisible();

  // Kept with a draft: the link opened again shows them in both boxes.
  await signer.getByRole('button', { name: 'Save and finish later' }).click();
  await expect(signer.getByText('Your answers have been saved. Open this link again to finish.')).toBeVisible();
  await signer.reload();
  await expect(second).toHaveText('AB');
  await expect(first).toHaveText('AB');

  await signer.getByRole('button', { name: 'Tenant signature' }).click();
  const signing = signer.getByRole('dialog', { name: 'Tenant signature' });
  await signing.getByLabel('Your full name, as your signature').fill('Ada Brook');
  await signing.getByRole('button', { name: 'Sign', exact: true }).click();
  await signer.getByRole('button', { name: 'Finish', exact: true }).click();
  await signer.getByLabel(consent).check();
  await signer.getByRole('button', { name: 'Sign and send' }).click();
  const download = signer.getByRole('link', { name: 'Download the signed PDF' });
  await expect(download).toBeVisible({ timeout: 30_000 });
  const text = pdfText(await (await signer.request.get((await download.getAttribute('href')) ?? '')).body());
  const [pages = '', certificate = ''] = text.split('Certificate of completion');
  expect(pages.match(/\bAB\b/g)).toHaveLength(2);
  expect(certificate).toContain('Initials: typed ("AB").');
});
