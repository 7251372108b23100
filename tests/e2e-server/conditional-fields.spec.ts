/**
 * A form whose fields depend on each other, against the real server: the template's editor
 * shows a field only when a radio group's answer is "Yes" and checks a phone number with the
 * sender's message; the signer sees the field appear and go as they answer, reads the message
 * on a number that is not one, sees a calculated field worked out as they type, applies the
 * organisation's stamp (uploaded in Settings first), signs, and the sealed PDF has the shown
 * answers (and the server's result of the formula), not the hidden, and says the stamp was applied.
 */
import { expect, test } from '@playwright/test';
import { linkIn, mailTo, makeTemplate, signIn, signAndReadSeal } from './support.ts';

/** A small red frame (24 × 16 pixels), as the organisation's stamp. */
const stampPng = 'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAAIUlEQVR42mPYJyJHFcRAZYP+UwBGDRo1aNQg4g0aRLkfAN34VF5wt+neAAAAAElFTkSuQmCC';

test('a field appears on an answer, a check shows the sender’s message, the stamp is applied, and the seal keeps only the shown answers', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const title = `Parking Permit ${Date.now()}`;
  const email = `parking.${Date.now()}@mail.example`;
  await signIn(page, 'demo.admin');
  // The stamp field applies the organisation's stamp: an administrator uploads it in Settings first.
  await page.goto('/settings');
  await page
    .getByLabel(/^(Upload a stamp|Replace the stamp)$/)
    .setInputFiles({ name: 'stamp.png', mimeType: 'image/png', buffer: Buffer.from(stampPng, 'base64') });
  await expect(page.getByText("The organisation's stamp has been saved.")).toBeVisible();
  await expect(page.getByRole('img', { name: 'The organisation’s stamp' })).toBeVisible();

  await makeTemplate(
    page,
    title,
    [
      { label: 'Do you drive to work?', type: 'radio', required: true, settings: (card) => card.getByLabel('Choices').fill('Yes\nNo') },
      {
        label: 'Number plate',
        required: true,
        settings: async (card) => {
          await card.getByLabel('Show this field').selectOption({ label: 'Only when “Do you drive to work?”…' });
          await card.getByLabel('Answer', { exact: true }).selectOption('Yes');
        },
      },
      {
        label: 'Phone',
        settings: async (card) => {
          await card.getByLabel('Format').selectOption({ label: 'Phone number' });
          await card.getByLabel('Message when an answer does not pass').fill('Give a phone number we can call.');
        },
      },
      { label: 'Miles a day', type: 'number' },
      { label: 'Miles a week', type: 'calculated', settings: (card) => card.getByLabel('Formula').fill('miles_a_day × 5') },
      { label: 'Company stamp', type: 'stamp', required: true },
      { label: 'Signature', type: 'signature', required: true },
    ],
    'Employee',
  );

  await page.goto(`/listing?search=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: `Send ${title}` }).click();
  await page.getByLabel('Name').fill('Pat Parker');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the form' }).click();
  await expect(page.getByRole('heading', { name: /^Sent: / })).toBeVisible();

  const signer = await browser.newPage();
  await signer.goto(linkIn(await mailTo(email, /asks you to fill in and sign/)));
  await expect(signer.getByRole('heading', { name: new RegExp(title) })).toBeVisible();
  const plate = signer.getByLabel('Number plate');
  await expect(plate).toHaveCount(0);
  await signer.getByRole('radio', { name: 'Yes' }).check();
  await expect(plate).toBeVisible();
  await plate.fill('HIDDEN-PLATE-7');
  await signer.getByRole('radio', { name: 'No' }).check();
  await expect(plate).toHaveCount(0);

  await signer.getByLabel('Phone').fill('call me');
  await expect(signer.getByText('Give a phone number we can call.')).toBeVisible();
  await signer.getByLabel('Phone').fill('+44 20 7946 0958');
  await expect(signer.getByText('Give a phone number we can call.')).toHaveCount(0);

  // The weekly miles are worked out as the daily ones are typed.
  await signer.getByLabel('Miles a day').fill('12.5');
  await expect(signer.getByLabel('Miles a week')).toHaveText('62.5');

  await signer.getByRole('button', { name: 'Apply the stamp' }).click();
  await expect(signer.getByRole('img', { name: "Company stamp: the organisation's stamp, applied" })).toBeVisible();

  const text = await signAndReadSeal(signer, 'Pat Parker');
  expect(text).toContain("Applied the organisation's stamp (Northwind Care Ltd).");
  expect(text).toContain('+44 20 7946 0958');
  expect(text).toContain('Do you drive to work? No');
  expect(text).toContain('Miles a week 62.5');
  expect(text).not.toContain('HIDDEN-PLATE-7');
  expect(text).not.toContain('Number plate');
});
