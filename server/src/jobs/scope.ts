/**
 * The queue of the work under way (a request's handler, or a job): what follows the audit trail
 * (`audit/audit.ts`) queues its jobs here, in the transaction of the event, without every use
 * case passing the queue down. Set by the composition root around each handler and each job.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Jobs } from './job.js';

const scope = new AsyncLocalStorage<Jobs>();

export function withJobs<T>(jobs: Jobs, work: () => Promise<T>): Promise<T> {
  return scope.run(jobs, work);
}

/** The queue of the work under way; none outside a request or a job (a seed script, say). */
export function currentJobs(): Jobs | undefined {
  return scope.getStore();
}
