/**
 * Every kind of job the server runs, each declared in its own file by the area whose work it
 * is. The queue is given this list: a kind of job missing from it is neither worked nor
 * scheduled (its schedule is removed on start).
 */
import type { JobContext } from './context.js';
import { pruneAttemptsJob } from './auth/prune-attempts.job.js';
import { refreshStatisticsJob } from './db/refresh-statistics.job.js';
import { followEvents } from './audit/audit.js';
import { bindJobs, type AnyJob, type RunnableJob } from './jobs/job.js';
import { withJobs } from './jobs/scope.js';
import { sendMailJob } from './mail/send-mail.job.js';
import { passwordResetJob } from './modules/auth/password-reset.job.js';
import { pruneChallengesJob } from './modules/auth/prune-challenges.job.js';
import { bulkSendJob } from './modules/bulk-send/bulk-send.job.js';
import { applyRetentionJob } from './modules/forms/apply-retention.job.js';
import { recordExpiriesJob } from './modules/forms/record-expiries.job.js';
import { remindWaitingJob } from './modules/forms/remind-waiting.job.js';
import { formSeals } from './modules/forms/seal-input.js';
import { sendCopiesJob } from './modules/forms/send-copies.job.js';
import { deliverFormJob } from './modules/integrations/deliver-form.job.js';
import { deliverWebhooksJob } from './modules/webhooks/deliver-webhooks.job.js';
import { queueWebhookEvents } from './modules/webhooks/queue-webhook-events.js';
import { keepSealedFormJob } from './modules/storage/keep-sealed-form.job.js';
import { renderPageImagesJob } from './modules/templates/render-page-images.job.js';
import { sealFormJob } from './sealing/seal-form.job.js';

export const allJobs: readonly AnyJob<JobContext>[] = [
  // A sealed form is then delivered through its template's integrations, mailed to the places
  // that receive a copy, and saved to Documents when its company saves every completed form there.
  sealFormJob<JobContext>(formSeals, async (ctx, formId) => {
    await ctx.jobs.enqueue('deliver-form', { formId });
    await ctx.jobs.enqueue('send-copies', { formId });
    await ctx.jobs.enqueue('keep-sealed-form', { formId });
  }),
  deliverFormJob,
  bulkSendJob,
  deliverWebhooksJob,
  keepSealedFormJob,
  sendCopiesJob,
  renderPageImagesJob,
  sendMailJob,
  passwordResetJob,
  pruneAttemptsJob,
  pruneChallengesJob,
  refreshStatisticsJob,
  remindWaitingJob,
  recordExpiriesJob,
  applyRetentionJob,
];

/** The jobs with the context they run in. */
export function serverJobs(ctx: JobContext): RunnableJob[] {
  // The events a job records queue their webhooks on this server's queue.
  return bindJobs(allJobs, ctx).map((job) => ({ ...job, run: (data: unknown) => withJobs(ctx.jobs, () => job.run(data)) }));
}

// Every event of the audit trail that a subscription takes is queued for it, in the event's
// transaction (`modules/webhooks/queue-webhook-events.ts`).
followEvents(queueWebhookEvents);
