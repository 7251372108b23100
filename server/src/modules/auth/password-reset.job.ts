/** The job of a password-reset request: who has the address is looked up here, never in the request. */
import type { ServerContext } from '../../context.js';
import { defineJob } from '../../jobs/job.js';
import { mailResetLink, type ResetRequest } from './password-reset.js';

declare module '../../jobs/job.js' {
  interface JobData {
    'password-reset': ResetRequest;
  }
}

export const passwordResetJob = defineJob({
  name: 'password-reset',
  retry: { retryLimit: 4, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
  handler: (ctx: ServerContext, request) => mailResetLink(ctx, request),
});
