/**
 * Every ten minutes, on the embedded database, the tables whose rows changed by more than a
 * tenth since their last analysis are analyzed (`statistics.ts`), as autovacuum does on
 * PostgreSQL (where this job finds an autovacuum launcher and does nothing).
 */
import type { ServerContext } from '../context.js';
import { defineJob, type NoData } from '../jobs/job.js';
import { refreshStatistics } from './statistics.js';

declare module '../jobs/job.js' {
  interface JobData {
    'refresh-statistics': NoData;
  }
}

export const refreshStatisticsJob = defineJob({
  name: 'refresh-statistics',
  schedule: '*/10 * * * *',
  // One at a time: two would analyze the same tables. The next run does what a failed one left.
  retry: { policy: 'singleton', retryLimit: 1, retryDelay: 60, retryBackoff: false, expireInSeconds: 600 },
  handler: async (ctx: Pick<ServerContext, 'db' | 'log'>) => {
    const analyzed = await refreshStatistics(ctx.db);
    if (analyzed.length > 0) ctx.log.info(`Planner statistics refreshed: ${analyzed.join(', ')}.`);
    return analyzed;
  },
});
