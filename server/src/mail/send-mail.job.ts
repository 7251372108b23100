/** The job that hands a queued message to the mail server; a server that does not take it makes the job be tried again. */
import type { JobContext } from '../context.js';
import { defineJob } from '../jobs/job.js';
import type { MailMessage } from './mailer.js';

declare module '../jobs/job.js' {
  interface JobData {
    'send-mail': MailMessage;
  }
}

export const sendMailJob = defineJob({
  name: 'send-mail',
  retry: { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
  handler: (ctx: Pick<JobContext, 'mailer'>, message) => ctx.mailer.send(message),
});
