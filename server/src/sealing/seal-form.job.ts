/**
 * The job that seals a completed form (`seal.ts`), queued when the form completes and, on
 * start, for every complete form still without a seal. What follows a seal (the form's
 * delivery) is given by the composition root, and runs also when another run sealed it
 * first: that run may have stopped before queueing it.
 */
import { defineJob, type JobDefinition } from '../jobs/job.js';
import { sealForm, type SealContext, type SealSource } from './seal.js';

declare module '../jobs/job.js' {
  interface JobData {
    'seal-form': { formId: number };
  }
}

export function sealFormJob<C extends SealContext>(
  source: SealSource,
  followUp: (ctx: C, formId: number) => Promise<void>,
): JobDefinition<'seal-form', C> {
  return defineJob({
    name: 'seal-form',
    retry: { retryLimit: 6, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
    singletonKey: ({ formId }) => `form-${formId}`,
    handler: async (ctx: C, { formId }) => {
      const outcome = await sealForm(ctx, source, formId);
      if (outcome !== 'not-complete') await followUp(ctx, formId);
      return outcome;
    },
    leftOver: async (ctx) => (await source.unsealed(ctx.db)).map((formId) => ({ formId })),
  });
}
