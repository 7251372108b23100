/**
 * A signer proves who they are before the form opens, against the real server: the template's
 * place asks for a code emailed to its recipient; the link shows only the question, the code
 * comes by mail (a new one waits a minute, and says so), a wrong code says how many tries are
 * left, the right one opens the form (a reload of the tab keeps it open), which is signed; the
 * sealed PDF's certificate says how.
 */
import { expect, test } from '@playwright/test';
import { linkIn, mailTo, makeTemplate, signIn, signAndReadSeal } from './support.ts';

test('a signer enters the code mailed to them, then signs; the certificate says how they proved who they were', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const title = `Deposit Return ${Date.now()}`;
  const email = `code.${Date.now()}@mail.example`;
  await signIn(page, 'demo.admin');

  await makeTemplate(page, title, [{ label: 'Tenant signature', type: 'signature', required: true }], 'Tenant', {
    opensWith: 'A code emailed to them',
  });

  await page.goto(`/listing?search=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: `Send ${title}` }).click();
  await expect(page.getByText('Before the form opens, they type a code emailed to them.')).toBeVisible();
  await page.getByLabel('Name').fill('Cora Lindqvist');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the form' }).click();
  await expect(page.getByRole('heading', { name: /^Sent: / })).toBeVisible();

  // The link opens to the question only: nothing of the form before the code.
  const signer = await browser.newPage();
  await signer.goto(linkIn(await mailTo(email, /asks you to fill in and sign/)));
  await expect(signer.getByRole('heading', { name: 'Enter the code we email you' })).toBeVisible();
  await expect(signer.getByText(title)).toHaveCount(0);
  await signer.getByRole('button', { name: 'Email me a code' }).click();
  await expect(signer.getByText(/^We have sent a code to c•••@mail\.example\. It works for 10 minutes\.$/)).toBeVisible();
  await expect(signer.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
  await expect(signer.getByText(/^You can ask for a new code in \d+ seconds?\.$/)).toBeVisible();
  const code = /^(\d{6}) is your code/.exec((await mailTo(email, /is your code to open/)).subject)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);

  await signer.getByLabel('Code from the email').fill(code === '000000' ? '000001' : '000000');
  await signer.getByRole('button', { name: 'Open the form' }).click();
  await expect(signer.getByRole('alert')).toHaveText('That code is not right. You have 4 more tries.');
  await signer.getByLabel('Code from the email').fill(code);
  await signer.getByRole('button', { name: 'Open the form' }).click();

  await expect(signer.getByRole('heading', { name: new RegExp(title) })).toBeVisible();
  // This tab keeps its proof: a reload opens the form without asking again.
  await signer.reload();
  await expect(signer.getByRole('heading', { name: new RegExp(title) })).toBeVisible();
  const text = await signAndReadSeal(signer, 'Cora Lindqvist');
  expect(text).toContain(`Verification: opened the signing link mailed to ${email}, and entered the code emailed to ${email}.`);
  expect(text).toContain(`verified by a code emailed to ${email}`);

  // The sender's progress page says how the place opened, and when the code was given.
  await page.getByRole('link', { name: 'Follow its progress' }).click();
  await expect(page.getByText(/^Opens with a code emailed to them: given /)).toBeVisible();
});
