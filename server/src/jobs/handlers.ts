/**
 * What each job does. A completed form is sealed, then delivered through its template's
 * integrations: a delivery that failed makes its job fail, so the queue tries it again (the
 * integrations that delivered are not repeated). A password-reset request looks up the account
 * of its address and mails it the link.
 */
import type { Mail, ServerContext } from '../context.js';
import { mailResetLink } from '../modules/auth/password-reset.js';
import { deliverCompletedForm } from '../modules/integrations/delivery.js';
import { sealForm } from '../sealing/seal.js';
import type { JobHandlers } from './queue.js';

export function jobHandlers(ctx: ServerContext, mailer: Mail): JobHandlers {
  return {
    'seal-form': async ({ formId }) => {
      const outcome = await sealForm(ctx, formId);
      // Also when another run sealed it: that run may have stopped before queueing the delivery.
      if (outcome !== 'not-complete') await ctx.jobs.enqueue('deliver-form', { formId });
      return outcome;
    },
    'deliver-form': async ({ formId }) => {
      const outcomes = await deliverCompletedForm(ctx, formId);
      const failed = outcomes.filter((outcome) => outcome.status === 'failed');
      if (failed.length) throw new Error(`${failed.length} of the form's integrations did not deliver: ${failed.map((outcome) => outcome.detail).join(' ')}`);
      return outcomes;
    },
    'send-mail': (message) => mailer.send(message),
    // Who has the address of a reset request is looked up here, never in the request.
    'password-reset': (request) => mailResetLink(ctx, request),
  };
}
