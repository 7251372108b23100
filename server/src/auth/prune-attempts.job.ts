/**
 * Every hour, the counted sign-in and reset attempts older than a day are forgotten: the
 * longest window a limit counts is a day, so they count for nothing any more.
 */
import type { ServerContext } from '../context.js';
import { defineJob, type NoData } from '../jobs/job.js';
import { pruneAttempts } from './attempts.js';

declare module '../jobs/job.js' {
  interface JobData {
    'prune-attempts': NoData;
  }
}

export const pruneAttemptsJob = defineJob({
  name: 'prune-attempts',
  schedule: '0 * * * *',
  // One at a time: two would do the same work. The next hour's run does what a failed one left.
  retry: { policy: 'singleton', retryLimit: 2, retryDelay: 60, retryBackoff: false, expireInSeconds: 300 },
  handler: (ctx: Pick<ServerContext, 'db' | 'now'>) => pruneAttempts(ctx.db, ctx.now()),
});
