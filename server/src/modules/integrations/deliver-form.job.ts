/**
 * The job that delivers a sealed form through its template's integrations: a delivery that
 * failed makes the job fail, so the queue tries it again (the integrations that delivered are
 * not repeated).
 */
import type { ServerContext } from '../../context.js';
import { defineJob } from '../../jobs/job.js';
import { deliverForm } from './deliver-form.js';

declare module '../../jobs/job.js' {
  interface JobData {
    'deliver-form': { formId: number };
  }
}

export const deliverFormJob = defineJob({
  name: 'deliver-form',
  // One delivery of a form at a time: two at once could both send before either is recorded.
  retry: { policy: 'singleton', retryLimit: 6, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
  singletonKey: ({ formId }) => `form-${formId}`,
  handler: async (ctx: ServerContext, { formId }) => {
    const outcomes = await deliverForm(ctx, formId);
    const failed = outcomes.filter((outcome) => outcome.status === 'failed');
    if (failed.length)
      throw new Error(`${failed.length} of the form's integrations did not deliver: ${failed.map((outcome) => outcome.detail).join(' ')}`);
    return outcomes;
  },
});
