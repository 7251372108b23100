/**
 * The journey of a form against the real server, as people make it: an administrator makes a
 * template with its fields and recipients, sends it to two people, who sign through the links
 * mailed to them (one draws, one types), the administrator approves it, and it shows in
 * Completed Forms; the envelope counter went down by one.
 */
import { expect, test, type Page } from '@playwright/test';
import { linkIn, mailTo, signIn } from './support.ts';

async function envelopeCount(page: Page): Promise<number> {
  const counter = page.getByRole('link', { name: /envelopes? left/ });
  await expect(counter).toBeVisible();
  return Number(((await counter.textContent()) ?? '').replace(/\D+/g, ''));
}

async function drawSignature(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'Draw my signature' }).check();
  const pad = page.locator('canvas.signature-pad');
  // Drawn again if the pad moved while the stroke was made (the document above it still laying out).
  await expect(async () => {
    // In the middle of the window, clear of the guide that stays at its foot.
    await pad.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const box = await pad.boundingBox();
    if (!box) throw new Error('No signature pad');
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) await page.mouse.move(box.x + 20 + step * 15, box.y + box.height / 2 + (step % 2 ? -12 : 12));
    await page.mouse.up();
    await expect(page.getByText('Signature drawn.')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** The last screen: the document as it will be sealed, then the consent, then the signature is sent. */
async function finishAndSign(page: Page): Promise<void> {
  await expect(page.getByText('All 1 required fields are filled in.').or(page.getByText('The required field is filled in.'))).toBeVisible();
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Check the document, then sign' })).toBeVisible();
  // The document as it will be sealed is drawn in a file worker: it may take a while on a busy machine.
  await expect(page.getByRole('img', { name: 'Page 1 of 1' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Sign and send' }).click();
  await expect(page.getByText('Please tick the box to agree before signing.')).toBeVisible();
  await page.getByLabel('By signing, I agree that my electronic signature is legally binding').check();
  await page.getByRole('button', { name: 'Sign and send' }).click();
}

test('a template is made, sent to two people who sign from their mail, approved, and kept as complete', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const title = `Key Handover ${Date.now()}`;
  await signIn(page, 'demo.admin');
  const before = await envelopeCount(page);

  // Step 1: details.
  await page.goto('/template/edit/new/step1');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Save and continue to fields' }).click();
  await expect(page).toHaveURL(/\/step2$/);

  // Step 2: the fields.
  await page.getByRole('button', { name: '+ Add a field' }).click();
  await page.getByLabel('Label').nth(0).fill('Property');
  await page.getByRole('button', { name: '+ Add a field' }).click();
  await page.getByLabel('Label').nth(1).fill('Tenant signature');
  await page.getByLabel('Type').nth(1).selectOption('signature');
  await page.getByLabel('Required').nth(1).check();
  await page.getByRole('button', { name: '+ Add a field' }).click();
  await page.getByLabel('Label').nth(2).fill('Agent signature');
  await page.getByLabel('Type').nth(2).selectOption('signature');
  await page.getByLabel('Required').nth(2).check();
  await page.getByRole('button', { name: 'Save and continue to recipients' }).click();
  await expect(page).toHaveURL(/\/step3$/);

  // Step 3: two signers, then the administrator approves.
  await page.getByLabel('Place 1: label').fill('Tenant');
  await page.getByRole('button', { name: '+ Add a recipient' }).click();
  await page.getByLabel('Place 2: label').fill('Agent');
  await page.getByRole('button', { name: '+ Add a recipient' }).click();
  await page.getByLabel('Place 3: label').fill('Manager');
  await page.getByLabel('What they do').nth(2).selectOption('approve');
  await page.getByLabel('Goes to').nth(2).selectOption({ label: 'Olivia Bennett' });
  await page.getByRole('button', { name: 'Save the template' }).click();
  await expect(page).toHaveURL(/\/template$/);

  // The agent's signature is theirs: back in step 2, the field is answered by place 2.
  const row = page.getByRole('row', { name: new RegExp(title) });
  await row.getByRole('link', { name: /Edit/ }).click();
  await page.getByRole('button', { name: 'Save and continue to fields' }).click();
  await page.getByLabel('Answered by').nth(2).selectOption({ label: '2. Agent' });
  await page.getByRole('button', { name: 'Save and continue to recipients' }).click();
  await page.getByRole('button', { name: 'Save the template' }).click();
  await expect(page).toHaveURL(/\/template$/);

  // Send it from the template list.
  await page.goto(`/listing?search=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: `Send ${title}` }).click();
  await page.getByLabel('Name').nth(0).fill('Nadia Brooks');
  await page.getByLabel('Email').nth(0).fill('nadia.brooks@mail.example');
  await page.getByLabel('Name').nth(1).fill('Victor Hale');
  await page.getByLabel('Email').nth(1).fill('victor.hale@mail.example');
  await page.getByLabel('A note to the recipients').fill('Please sign on handing over the keys.');
  await page.getByRole('button', { name: 'Send the form' }).click();
  await expect(page.getByRole('heading', { name: /^Sent: / })).toBeVisible();
  // One envelope for this form; the other journeys send from the same company meanwhile.
  await expect.poll(() => envelopeCount(page)).toBeLessThanOrEqual(before - 1);

  // The tenant draws their signature, from the link mailed to them.
  const tenant = await browser.newPage();
  await tenant.goto(linkIn(await mailTo('nadia.brooks@mail.example', /asks you to fill in and sign/)));
  await expect(tenant.getByText('Please sign on handing over the keys.')).toBeVisible();
  await tenant.getByLabel('Property').fill('Flat 4, 27 Harbour Street');
  await drawSignature(tenant);
  await finishAndSign(tenant);
  await expect(tenant.getByTestId('receipt-next')).toContainText('Victor Hale');

  // The agent types theirs; the tenant's answer is shown, not asked again.
  const agent = await browser.newPage();
  await agent.goto(linkIn(await mailTo('victor.hale@mail.example', /asks you to fill in and sign/)));
  await expect(agent.getByText('Flat 4, 27 Harbour Street')).toBeVisible();
  await agent.getByLabel('Your full name, as your signature').fill('Victor Hale');
  await finishAndSign(agent);
  await expect(agent.getByTestId('receipt-next')).toContainText('Olivia Bennett');

  // The administrator approves from Action Required.
  await page.goto('/pending');
  const waiting = page.getByRole('row', { name: new RegExp(title) });
  await waiting
    .getByRole('link', { name: /Open|Review|Approve/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText(/approved and complete/)).toBeVisible();
  // Sealing runs in the background: the page offers the signed copy once it is sealed.
  const copy = page.getByRole('link', { name: 'Download the signed PDF' });
  await expect(copy).toBeVisible({ timeout: 20_000 });
  const sealed = await page.request.get((await copy.getAttribute('href')) ?? '');
  expect(sealed.headers()['content-type']).toBe('application/pdf');
  expect((await sealed.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.goto(`/completed?search=${encodeURIComponent(title)}`);
  const completed = page.getByRole('row', { name: new RegExp(title) });
  await expect(completed).toBeVisible();
  await expect(completed.getByRole('link', { name: /PDF/ })).toHaveAttribute('href', /^\/api\/file\?key=forms%2F\d+%2Fsealed-/);
});
