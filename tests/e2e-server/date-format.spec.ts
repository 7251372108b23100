/**
 * The company's date format, chosen in Settings, is how the lists show dates at once: Completed
 * Forms shows each form's completion in it, in the company's time zone; a person who signs
 * through a link, with no account, reads the form's dates in it too. The format is put back
 * afterwards (the journeys share the demo company).
 */
import { expect, test, type Page } from '@playwright/test';
import { linkIn, mailTo, signIn } from './support.ts';

// Both tests change the one demo company's format and put it back: one at a time.
test.describe.configure({ mode: 'serial' });

async function chooseDateFormat(page: Page, format: string): Promise<void> {
  await page.goto('/settings');
  await page.getByLabel('Date format').selectOption(format);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Your settings have been saved.')).toBeVisible();
}

/** A moment as MM/DD/YYYY HH:MM in London, worked out apart from the app. */
function monthFirst(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts['month']}/${parts['day']}/${parts['year']} ${parts['hour']}:${parts['minute']}`;
}

test('a list shows dates in the format the company chose', async ({ page }) => {
  await signIn(page, 'demo.admin');
  await chooseDateFormat(page, 'MM/DD/YYYY');
  try {
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/completed-forms');
    await page.goto('/completed');
    const rows = ((await (await answer).json()) as { data: { reference: string; completed_at: string }[] }).data;
    // A day past the 12th, so that the day and the month cannot be mistaken for each other.
    const form = rows.find((row) => Number(row.completed_at.slice(8, 10)) > 13) ?? rows[0];
    if (!form) throw new Error('No completed form is listed.');
    const row = page.getByRole('row').filter({ hasText: form.reference }).first();
    await expect(row).toContainText(monthFirst(form.completed_at));
  } finally {
    await chooseDateFormat(page, 'DD/MM/YYYY');
  }
});

test("a person who signs through a link reads the form's dates in the format its company chose", async ({ page, browser }) => {
  await signIn(page, 'demo.admin');
  await chooseDateFormat(page, 'MM/DD/YYYY');
  try {
    const title = 'Consent to Share Information';
    const email = `date.reader.${Date.now()}@mail.example`;
    await page.goto(`/listing?search=${encodeURIComponent(title)}`);
    await page.getByRole('link', { name: `Send ${title}` }).click();
    await page.getByLabel('Name').nth(0).fill('Dora Reader');
    await page.getByLabel('Email').nth(0).fill(email);
    // The 20th of next month: a day past the 12th, so that the day and the month cannot be mistaken for each other.
    const until = new Date();
    until.setUTCDate(1);
    until.setUTCMonth(until.getUTCMonth() + 1);
    until.setUTCDate(20);
    await page.getByLabel('The links work until').fill(until.toISOString().slice(0, 10));
    await page.getByRole('button', { name: 'Send the form' }).click();
    await expect(page.getByRole('heading', { name: /^Sent: / })).toBeVisible();

    // Another browser, signed in nowhere: nothing of the company's settings is kept in it.
    const signer = await browser.newPage();
    try {
      await signer.goto(linkIn(await mailTo(email, /asks you to fill in and sign/)));
      const due = signer.getByRole('definition').locator('time');
      await expect(due).toBeVisible();
      const at = await due.getAttribute('datetime');
      if (!at) throw new Error('The date has no machine-readable time.');
      await expect(due).toHaveText(monthFirst(at));
    } finally {
      await signer.close();
    }
  } finally {
    await chooseDateFormat(page, 'DD/MM/YYYY');
  }
});

test('the retention hint says, in the company format, what the next daily run removes', async ({ page }) => {
  await signIn(page, 'demo.admin');
  await page.goto('/settings');
  // A sentence of its own after the hint's, with the cut-off day as the company writes dates.
  await expect(page.getByText(/seal stay\. The next daily run removes .* before \d{2}\/\d{2}\/\d{4}\./)).toBeVisible();
});
