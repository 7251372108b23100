/**
 * A signer hands the form on to someone else, against the real server: the template's place
 * allows it (set in the recipients step, shown on the send screen); the signer gives a name,
 * an email address and a reason; their link then says it was handed on, the new person's
 * mailed link opens the form and they sign; the sealed PDF's certificate says who handed the
 * place to whom and why, and so does the sender's progress page.
 */
import { expect, test } from '@playwright/test';
import { linkIn, mailTo, makeTemplate, signIn, signAndReadSeal } from './support.ts';

test('a signer hands the form on; the old link stops, the new person signs from the mailed link, the certificate says so', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const title = `Key Handover ${Date.now()}`;
  const from = `ada.${Date.now()}@mail.example`;
  const to = `cara.${Date.now()}@mail.example`;
  const reason = 'I am away until March; Cara holds the keys.';
  await signIn(page, 'demo.admin');
  await makeTemplate(page, title, [{ label: 'Tenant signature', type: 'signature', required: true }], 'Tenant', { mayHandOn: true });

  await page.goto(`/listing?search=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: `Send ${title}` }).click();
  await expect(page.getByText('They may hand the form on to someone else, saying why; you will see it on the form’s progress.')).toBeVisible();
  await page.getByLabel('Name').fill('Ada Brook');
  await page.getByLabel('Email').fill(from);
  await page.getByRole('button', { name: 'Send the form' }).click();
  await expect(page.getByRole('heading', { name: /^Sent: / })).toBeVisible();

  // Ada hands it on: a refusal in the dialog keeps what she typed.
  const first = linkIn(await mailTo(from, /asks you to fill in and sign/));
  const ada = await browser.newPage();
  await ada.goto(first);
  await ada.getByRole('button', { name: 'Someone else should sign this…' }).click();
  await ada.getByLabel('Their name').fill('Cara Dunn');
  await ada.getByLabel('Their email address').fill(to);
  await ada.getByRole('button', { name: 'Hand the form on' }).click();
  await expect(ada.getByText('Please say why someone else should sign: the sender and the new person will read it.')).toBeVisible();
  await ada.getByLabel('Why should they sign instead of you?').fill(reason);
  await ada.getByRole('button', { name: 'Hand the form on' }).click();
  await expect(ada.getByRole('heading', { name: 'You handed this form on' })).toBeVisible();
  await expect(ada.getByText('Cara Dunn is being emailed a link to take your place. Your link no longer opens this form.')).toBeVisible();

  // Her link now opens nothing, and says why.
  await ada.goto(first);
  await expect(ada.getByRole('heading', { name: 'This form is no longer available' })).toBeVisible();
  await expect(ada.getByRole('alert')).toHaveText(
    'This form was handed on to someone else: this link no longer works. If you think this is a mistake, please contact its sender.',
  );

  // Cara opens the link mailed to her, and signs.
  const cara = await browser.newPage();
  await cara.goto(linkIn(await mailTo(to, /asks you to fill in and sign/)));
  await expect(cara.getByRole('heading', { name: new RegExp(title) })).toBeVisible();
  const text = await signAndReadSeal(cara, 'Cara Dunn');
  expect(text).toContain(`1. Cara Dunn <${to}>`);
  expect(text).toContain(`Handed on: Ada Brook <${from}> delegated this place to Cara Dunn <${to}>. Reason: ${reason}`);
  expect(text).toContain(`delegated their place to Cara Dunn <${to}>`);

  // The sender's progress page shows who handed the place to whom and why.
  await page.getByRole('link', { name: 'Follow its progress' }).click();
  await expect(page.getByText(`Ada Brook (${from}) handed it on to Cara Dunn (${to})`)).toBeVisible();
});
