/**
 * The job that sends a subscription's events of one form (or template) in order. One at a time
 * per subscription and form, and one waiting: the events queued while one runs are sent by it
 * or by the one waiting. An event that fails makes the job fail, so the queue tries again with
 * backoff (1, 2, 4 ... minutes: about a day in all); the event is given up a day after it was
 * queued, and the next one sent.
 */
import type { JobContext } from '../../context.js';
import { defineJob } from '../../jobs/job.js';
import { deliverWebhooks } from './deliver-webhooks.js';
import { pendingKeys } from './repository.js';

declare module '../../jobs/job.js' {
  interface JobData {
    'deliver-webhooks': { subscription: number; key: string };
  }
}

export const deliverWebhooksJob = defineJob({
  name: 'deliver-webhooks',
  retry: { policy: 'stately', retryLimit: 11, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
  singletonKey: ({ subscription, key }) => `webhook-${subscription}-${key}`,
  handler: async (ctx: JobContext, { subscription, key }) => {
    const run = await deliverWebhooks(ctx, subscription, key);
    if (run.failed) throw new Error(run.failed);
    return run;
  },
  leftOver: (ctx: JobContext) => pendingKeys(ctx.db),
});
