/**
 * The job that delivers a sealed form through its template's integrations: a delivery that
 * failed makes the job fail, so the queue tries it again (the integrations that delivered are
 * not repeated). Given an integration (a failed delivery sent again by hand), only that one is
 * tried.
 */
import type { JobContext } from '../../context.js';
import { defineJob } from '../../jobs/job.js';
import { deliverForm } from './deliver-form.js';

declare module '../../jobs/job.js' {
  interface JobData {
    'deliver-form': { formId: number; integration?: number };
  }
}

export const deliverFormJob = defineJob({
  name: 'deliver-form',
  // One delivery of a form at a time: two at once could both send before either is recorded.
  // And one waiting: queueing the form again (a click on "Send again" twice) while one waits does nothing.
  retry: { policy: 'stately', retryLimit: 6, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
  singletonKey: ({ formId }) => `form-${formId}`,
  handler: async (ctx: JobContext, { formId, integration }) => {
    const outcomes = await deliverForm(ctx, formId, integration);
    const failed = outcomes.filter((outcome) => outcome.status === 'failed');
    if (failed.length)
      throw new Error(`${failed.length} of the form's integrations did not deliver: ${failed.map((outcome) => outcome.detail).join(' ')}`);
    return outcomes;
  },
});
