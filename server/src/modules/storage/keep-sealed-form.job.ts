/**
 * The job that saves a sealed form's PDF into Documents when its company asks for it
 * (`keep-sealed-form.ts`), queued after every seal. One at a time per form, so two runs cannot
 * both save a copy.
 */
import type { ServerContext } from '../../context.js';
import { defineJob } from '../../jobs/job.js';
import { keepSealedForm } from './keep-sealed-form.js';

declare module '../../jobs/job.js' {
  interface JobData {
    'keep-sealed-form': { formId: number };
  }
}

export const keepSealedFormJob = defineJob({
  name: 'keep-sealed-form',
  retry: { policy: 'singleton', retryLimit: 4, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  singletonKey: ({ formId }) => `form-${formId}`,
  handler: async (ctx: ServerContext, { formId }) => keepSealedForm(ctx, formId),
});
