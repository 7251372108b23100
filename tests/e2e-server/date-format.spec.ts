/**
 * The company's date format, chosen in Settings, is how the lists show dates at once: Completed
 * Forms shows each form's completion in it, in the company's time zone. The format is put back
 * afterwards (the journeys share the demo company).
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support.ts';

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

test('the retention hint says, in the company format, what the next daily run removes', async ({ page }) => {
  await signIn(page, 'demo.admin');
  await page.goto('/settings');
  // A sentence of its own after the hint's, with the cut-off day as the company writes dates.
  await expect(page.getByText(/seal stay\. The next daily run removes .* before \d{2}\/\d{2}\/\d{4}\./)).toBeVisible();
});
