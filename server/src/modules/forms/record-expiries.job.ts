/**
 * Every hour, the expiries: each form still waiting for its recipients (sent, in progress,
 * awaiting approval) whose expiry has passed is recorded as expired, once: its trail gets the
 * `expired` event (so its audit shows "Expired" and subscriptions taking `form.expired` receive
 * it) and the form its `expired_at`, in one transaction. Its status stays: the lists, filters
 * and counts read an expired form by its `expires_at` as before, and retention counts from it.
 * A form completed, withdrawn, declined or sent back before its expiry is never recorded.
 */
import { recordEvent } from '../../audit/audit.js';
import { defineJob, type NoData } from '../../jobs/job.js';
import type { FormsContext } from './progression.js';
import { formsPastExpiry, isWaiting, markExpired } from './repository.js';
import { lockForm } from './steps-repository.js';

declare module '../../jobs/job.js' {
  interface JobData {
    'record-expiries': NoData;
  }
}

/** The forms recorded in one run; the rest are recorded in the next hour's, oldest first. */
const perRun = 500;

/** Records the expiries that have passed; answers how many were recorded. */
export async function recordExpiries(ctx: Pick<FormsContext, 'db' | 'now'>): Promise<number> {
  const now = ctx.now();
  let recorded = 0;
  for (const formId of await formsPastExpiry(ctx.db, now, perRun)) {
    const done = await ctx.db.transaction(async (tx) => {
      // Under the form's lock: a signature that completed it, a withdrawal or another run first stands.
      const form = await lockForm(tx, formId);
      if (!isWaiting(form.status) || form.expiredAt || form.deletedAt || !form.expiresAt || form.expiresAt > now) return false;
      await markExpired(tx, form.id, now);
      await recordEvent(tx, {
        event: 'expired',
        companyId: form.companyId,
        actor: 'system',
        target: form.reference,
        formId: form.id,
        details: { expiresAt: form.expiresAt.toISOString() },
      });
      return true;
    });
    if (done) recorded += 1;
  }
  return recorded;
}

export const recordExpiriesJob = defineJob({
  name: 'record-expiries',
  schedule: '0 * * * *',
  // One at a time: two would look at the same forms (each is recorded once regardless).
  retry: { policy: 'singleton', retryLimit: 2, retryDelay: 60, retryBackoff: false, expireInSeconds: 900 },
  handler: (ctx: FormsContext) => recordExpiries(ctx),
});
