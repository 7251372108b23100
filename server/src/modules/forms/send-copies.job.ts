/**
 * The job that mails a sealed form's copies (`send-copies.ts`), queued after every seal. One at
 * a time per form, so two runs cannot both mail a copy; a mail server that refuses makes it be
 * tried again a few times, and again on every start while a copy is unsent.
 */
import type { JobContext } from '../../context.js';
import { defineJob } from '../../jobs/job.js';
import { formsWithCopiesDue } from './completed-forms-repository.js';
import { sendCopies } from './send-copies.js';

declare module '../../jobs/job.js' {
  interface JobData {
    'send-copies': { formId: number };
  }
}

export const sendCopiesJob = defineJob({
  name: 'send-copies',
  retry: { policy: 'singleton', retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  singletonKey: ({ formId }) => `form-${formId}`,
  handler: async (ctx: JobContext, { formId }) => {
    await sendCopies(ctx, formId);
  },
  // A copy still unsent (its job gave up on a mail server that kept refusing, or the server stopped) is tried again on start.
  leftOver: async (ctx) => (await formsWithCopiesDue(ctx.db)).map((formId) => ({ formId })),
});
