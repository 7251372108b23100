/**
 * Every day at 03:00 UTC, retention: each company's forms that ended more than its settings'
 * `retention_days` ago lose their answers and files (`remove-ended-data.ts`). A setting of 0
 * keeps every form. Each form's removal is its own transaction and is done once, so a run that
 * stops is finished by the next.
 */
import { everyCompanySettings } from '../../companies/repository.js';
import { defaultSettings } from '../../companies/settings.js';
import { defineJob, type NoData } from '../../jobs/job.js';
import { removeEndedData, type RetentionContext } from './remove-ended-data.js';
import { countFormsToRemove, formsToRemove } from './repository.js';

declare module '../../jobs/job.js' {
  interface JobData {
    'apply-retention': NoData;
  }
}

const day = 24 * 60 * 60_000;

/** When the daily run happens, in UTC (`schedule`). */
const runHour = 3;

/** The days the company keeps ended forms' data; 0 keeps them for ever. */
export function retentionDays(settings: Partial<{ retention_days: number }> | null | undefined): number {
  const days = settings?.retention_days ?? defaultSettings().retention_days;
  return Number.isInteger(days) && days > 0 ? days : 0;
}

/** The forms ended before this are the ones a run at `at` removes. */
export function retentionCutoff(at: Date, days: number): Date {
  return new Date(at.getTime() - days * day);
}

/** The next daily run after `now`. */
export function nextRetentionRun(now: Date): Date {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), runHour));
  return today.getTime() > now.getTime() ? today : new Date(today.getTime() + day);
}

/** What the next daily run removes of the company: how many forms (at most `cap` + 1 counted), ended before when; null when it keeps everything. */
export async function nextRemoval(
  ctx: Pick<RetentionContext, 'db' | 'now'>,
  companyId: number,
  settings: Partial<{ retention_days: number }>,
  cap: number,
): Promise<{ forms: number; endedBefore: Date; at: Date } | null> {
  const days = retentionDays(settings);
  if (days === 0) return null;
  const at = nextRetentionRun(ctx.now());
  const endedBefore = retentionCutoff(at, days);
  return { forms: await countFormsToRemove(ctx.db, companyId, endedBefore, cap), endedBefore, at };
}

/** Removes the data of every form past its company's retention; answers how many forms. */
export async function applyRetention(ctx: RetentionContext): Promise<number> {
  let removed = 0;
  for (const company of await everyCompanySettings(ctx.db)) {
    const days = retentionDays(company.settings);
    if (days === 0) continue;
    const cutoff = retentionCutoff(ctx.now(), days);
    for (;;) {
      const batch = await formsToRemove(ctx.db, company.id, cutoff, 200);
      for (const formId of batch) if (await removeEndedData(ctx, formId, days)) removed += 1;
      if (batch.length < 200) break;
    }
  }
  if (removed > 0) ctx.log.info({ removed }, 'Retention removed the answers and files of ended forms.');
  return removed;
}

export const applyRetentionJob = defineJob({
  name: 'apply-retention',
  schedule: `0 ${runHour} * * *`,
  // One at a time: two would take the same forms (each is removed once regardless).
  retry: { policy: 'singleton', retryLimit: 2, retryDelay: 300, retryBackoff: true, expireInSeconds: 3600 },
  handler: (ctx: RetentionContext) => applyRetention(ctx),
});
