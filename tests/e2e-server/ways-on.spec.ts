/**
 * No journey of a form ends in a dead end, against the real server: a signer declines from
 * their link and the sender corrects the form and sends it again; an approver sends a form
 * back and the sender sends it on again; a withdrawn form's signer is told by mail, and the
 * link's page says so without offering to try again.
 */
import { expect, test, type Page } from '@playwright/test';
import { linkIn, mailTo, signIn } from './support.ts';

/** Sends the demo's Leave Request (an employee signs, Olivia Bennett approves) to `employee`; answers the form's id. */
async function sendLeaveRequest(page: Page, employee: { name: string; email: string }): Promise<number> {
  await page.goto(`/listing?search=${encodeURIComponent('Leave Request')}`);
  await page.getByRole('link', { name: 'Send Leave Request' }).first().click();
  await page.getByLabel('Name').nth(0).fill(employee.name);
  await page.getByLabel('Email').nth(0).fill(employee.email);
  const sent = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/send-form');
  await page.getByRole('button', { name: 'Send the form' }).click();
  const { id } = (await (await sent).json()) as { id: number };
  await expect(page.getByRole('heading', { name: /^Sent: / })).toBeVisible();
  return id;
}

/** Finish, then on the last screen (the document as it will be sealed) agree and sign. */
async function finishAndSign(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Check the document, then sign' })).toBeVisible();
  await page.getByLabel('By signing, I agree that my electronic signature is legally binding').check();
  await page.getByRole('button', { name: 'Sign and send' }).click();
}

async function fillLeave(page: Page, name: string): Promise<void> {
  await page.getByLabel('First day of leave').fill('2026-12-14');
  await page.getByLabel('Working days').fill('3');
  await page.getByLabel('Kind of leave').selectOption('Annual leave');
  await page.getByLabel('Your site').selectOption({ index: 1 });
  await page.getByLabel('Your full name, as your signature').fill(name);
}

test('a signer declines with a reason; the sender corrects the form and sends it again to the right person', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const wrong = `rhea.wrong.${stamp}@mail.example`;
  const right = `rhea.right.${stamp}@mail.example`;
  await signIn(page, 'demo.admin');
  const id = await sendLeaveRequest(page, { name: 'Rhea Lund', email: wrong });

  const signer = await browser.newPage();
  await signer.goto(linkIn(await mailTo(wrong, /asks you to fill in and sign/)));
  await signer.getByRole('button', { name: 'Decline to sign…' }).click();
  const dialog = signer.getByRole('dialog', { name: 'Decline to sign this form?' });
  await dialog.getByRole('button', { name: 'Decline the form' }).click();
  await expect(dialog.getByLabel('Why do you decline?')).toHaveAccessibleDescription(/Please say why you decline to sign/);
  await dialog.getByLabel('Why do you decline?').fill('This is not my leave: I am on the Elm Court rota.');
  await dialog.getByRole('button', { name: 'Decline the form' }).click();
  await expect(signer.getByRole('heading', { name: 'You declined this form' })).toBeVisible();
  await expect(signer.getByText('Its sender is being emailed your reason.')).toBeVisible();

  // The sender is mailed, and the form's page says who declined it and why.
  const declined = await mailTo('demo.admin@northwindcare.example', /^Declined: "Leave Request/);
  expect(declined.text).toContain('Their reason: This is not my leave: I am on the Elm Court rota.');
  await page.goto(`/workflow/${id}`);
  await expect(
    page.getByRole('status').filter({ hasText: 'Declined by Rhea Lund: This is not my leave: I am on the Elm Court rota.' }),
  ).toBeVisible();
  // The link's page says so too, with nothing to act on.
  await signer.reload();
  await expect(signer.getByText('Declined by Rhea Lund: This is not my leave: I am on the Elm Court rota.')).toBeVisible();
  await expect(signer.getByRole('button', { name: /^(Finish|Sign and send)$/ })).toHaveCount(0);

  // Corrected: the right address, and sent again.
  await page.getByLabel('Email address').first().fill(right);
  await page.getByRole('button', { name: 'Send the form again' }).click();
  await expect(page.getByText('The form has been sent again: Rhea Lund is being emailed a new link.')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Leave Request/ })).toContainText('Sent');

  const corrected = await browser.newPage();
  await corrected.goto(linkIn(await mailTo(right, /asks you to fill in and sign/)));
  await fillLeave(corrected, 'Rhea Lund');
  await finishAndSign(corrected);
  await expect(corrected.getByTestId('receipt-next')).toHaveText('Next: Olivia Bennett, who is being emailed to take their turn.');
});

test('an approver sends a form back; the sender sends it on again and the approver approves it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = `sam.back.${Date.now()}@mail.example`;
  await signIn(page, 'demo.admin');
  const id = await sendLeaveRequest(page, { name: 'Sam Okoro', email });
  const signer = await browser.newPage();
  await signer.goto(linkIn(await mailTo(email, /asks you to fill in and sign/)));
  await expect(signer.getByTestId('signing-step')).toHaveText('Step 1: signing');
  await fillLeave(signer, 'Sam Okoro');
  await finishAndSign(signer);
  await expect(signer.getByTestId('receipt-next')).toContainText('Olivia Bennett');

  // The approver sends it back from the form's page, with a comment; it is said once.
  const firstReview = await mailTo('demo.admin@northwindcare.example', /asks you to review and approve "Leave Request - Sam Okoro"/);
  await page.goto(linkIn(firstReview));
  await expect(page.getByTestId('signing-step')).toHaveText('Step 2: approval');
  await page.getByRole('button', { name: 'Disapprove…' }).click();
  await page.getByLabel('Why are you disapproving it?').fill('Three days overlap the stock take.');
  await page.getByRole('button', { name: 'Send disapproval' }).click();
  await expect(page.getByRole('heading', { name: 'You disapproved this form' })).toBeVisible();
  await expect(page.getByText(/gone back to its sender/)).toHaveCount(1);

  await page.goto(`/workflow/${id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Sent back by Olivia Bennett: Three days overlap the stock take.' })).toBeVisible();
  await page.getByRole('button', { name: 'Send the form again' }).click();
  await expect(page.getByText('The form has been sent again: Olivia Bennett is being emailed a new link.')).toBeVisible();
  // Waiting for the approver: reminding them is offered, as for a signer.
  await expect(page.getByRole('button', { name: 'Remind Olivia Bennett' })).toBeVisible();

  // The new link's mail, not the first one (whose link stopped when the form was sent again).
  const review = await mailTo('demo.admin@northwindcare.example', /asks you to review and approve "Leave Request - Sam Okoro"/, firstReview);
  await page.goto(linkIn(review));
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'You approved this form' })).toBeVisible();
});

test("a withdrawn form's signer is mailed, and the link's page says so without a retry", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = `una.gone.${Date.now()}@mail.example`;
  await signIn(page, 'demo.admin');
  const id = await sendLeaveRequest(page, { name: 'Una Price', email });
  const link = linkIn(await mailTo(email, /asks you to fill in and sign/));

  await page.goto(`/workflow/${id}`);
  await page.getByRole('button', { name: 'Withdraw the form' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Withdraw the form' }).click();
  await expect(page.getByText('The form has been withdrawn: its links no longer work, and Una Price is being told by email.')).toBeVisible();

  const told = await mailTo(email, /^Withdrawn: "Leave Request/);
  expect(told.text).toContain('Its link no longer works, and there is nothing more for you to do.');
  const signer = await browser.newPage();
  await signer.goto(link);
  await expect(signer.getByRole('heading', { name: 'This form is no longer available' })).toBeVisible();
  await expect(signer.getByText('This form was withdrawn by its sender.')).toBeVisible();
  await expect(signer.getByRole('button', { name: 'Try again' })).toHaveCount(0);
});
