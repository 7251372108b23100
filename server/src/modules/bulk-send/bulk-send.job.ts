/**
 * The job that sends a bulk send (`send-bulk-rows.ts`), a batch of rows at a time until none
 * is left, it is cancelled or the envelopes run out. One job per bulk send runs at a time; a
 * send under way when the server stopped is queued again on start and goes on from its first
 * row still pending.
 */
import { defineJob } from '../../jobs/job.js';
import type { FormsContext } from '../forms/progression.js';
import { sendingBulkSends } from './repository.js';
import { sendNextBatch } from './send-bulk-rows.js';

declare module '../../jobs/job.js' {
  interface JobData {
    'bulk-send': { bulkSendId: number };
  }
}

export async function sendBulk(ctx: FormsContext, bulkSendId: number): Promise<void> {
  while ((await sendNextBatch(ctx, bulkSendId)) === 'more') {
    // Between batches, the rest of the server's work goes first.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export const bulkSendJob = defineJob({
  name: 'bulk-send',
  // Each batch is committed as it goes: a retry (or a restart) goes on where the last stopped.
  retry: { policy: 'singleton', retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 3600 },
  singletonKey: (data) => `bulk-send-${data.bulkSendId}`,
  handler: (ctx: FormsContext, data) => sendBulk(ctx, data.bulkSendId),
  leftOver: async (ctx) => (await sendingBulkSends(ctx.db)).map((bulkSendId) => ({ bulkSendId })),
});
