/** Every hour, second-factor tickets that ended more than a day ago are forgotten. */
import type { ServerContext } from '../../context.js';
import { defineJob, type NoData } from '../../jobs/job.js';
import { pruneChallenges } from './second-factor.js';

declare module '../../jobs/job.js' {
  interface JobData {
    'prune-challenges': NoData;
  }
}

export const pruneChallengesJob = defineJob({
  name: 'prune-challenges',
  schedule: '0 * * * *',
  // One at a time: two would do the same work. The next hour's run does what a failed one left.
  retry: { policy: 'singleton', retryLimit: 2, retryDelay: 60, retryBackoff: false, expireInSeconds: 300 },
  handler: (ctx: Pick<ServerContext, 'db' | 'now'>) => pruneChallenges(ctx.db, ctx.now()),
});
