/**
 * Every hour, the automatic reminders: each recipient whose turn has waited the company's
 * `reminder_days` since their last mail (their first, or a reminder, by hand or automatic) is
 * mailed the manual reminder again, until they act or the form expires or ends. A setting of 0
 * sends none. The reminder is taken with its own check (`sendReminder`), so two runs in the same
 * hour, or a run beside a reminder by hand, send it once.
 */
import { everyCompanySettings } from '../../companies/repository.js';
import { defaultSettings } from '../../companies/settings.js';
import { defineJob, type NoData } from '../../jobs/job.js';
import type { FormsContext } from './progression.js';
import { sendReminder } from './remind-recipient.js';
import { dueReminders } from './repository.js';

declare module '../../jobs/job.js' {
  interface JobData {
    'remind-waiting': NoData;
  }
}

const day = 24 * 60 * 60_000;

/** The places reminded in one run for one company; the rest are reminded in the next hour's. */
const perRun = 500;

/** The days between automatic reminders of the company's settings; 0 for none. */
export function reminderDays(settings: Partial<{ reminder_days: number }> | null | undefined): number {
  const days = settings?.reminder_days ?? defaultSettings().reminder_days;
  return Number.isInteger(days) && days > 0 ? days : 0;
}

/** Sends the reminders due now; answers how many were sent. */
export async function remindWaiting(ctx: FormsContext): Promise<number> {
  const now = ctx.now();
  let sent = 0;
  for (const company of await everyCompanySettings(ctx.db)) {
    const days = reminderDays(company.settings);
    if (days === 0) continue;
    for (const due of await dueReminders(ctx.db, company.id, now, days * day, perRun)) {
      const reminded = await sendReminder(ctx, due.form, due.recipientId, { actor: 'system', gapMs: days * day, automatic: true });
      if (reminded) sent += 1;
    }
  }
  return sent;
}

export const remindWaitingJob = defineJob({
  name: 'remind-waiting',
  schedule: '0 * * * *',
  // One at a time: two would look at the same places (each reminder is taken once regardless).
  retry: { policy: 'singleton', retryLimit: 2, retryDelay: 60, retryBackoff: false, expireInSeconds: 900 },
  handler: (ctx: FormsContext) => remindWaiting(ctx),
});
