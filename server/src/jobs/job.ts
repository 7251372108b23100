/**
 * A job: work that runs in the queue, off any request, with retries. Each kind of job is one
 * file, in the area whose work it is, declaring its name, its schedule (when it runs on its
 * own), how it is retried and what it does. The composition root (`jobs-list.ts`) lists them
 * all and hands them to the queue (`queue.ts`), which knows nothing of any area.
 *
 * What each job is given is declared by its file, by extending `JobData` (module
 * augmentation): `declare module '.../jobs/job.js' { interface JobData { 'seal-form': { formId: number } } }`.
 * So `ctx.jobs.enqueue(name, data)` is checked against the job's own declaration wherever it
 * is called, without this module naming any area.
 */
import type { Database } from '../db/database.js';

/** The data of each kind of job, by its name: each job's file adds its own. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the job files' augmentations
export interface JobData {}
export type JobName = keyof JobData;

/** What a scheduled job is given: nothing, it finds its work itself. */
export type NoData = Record<string, never>;

/** How a kind of job is retried, and how long one may run before it is thought dead. */
export interface RetryPolicy {
  retryLimit: number;
  /** Seconds before the first retry. */
  retryDelay: number;
  /** Each retry waits longer than the last. */
  retryBackoff: boolean;
  expireInSeconds: number;
  /**
   * `singleton`: one job of the kind (per singleton key) runs at a time; more may wait.
   * `stately`: besides one running, one waits (and one waits to be tried again): queueing
   * another while one waits does nothing.
   */
  policy?: 'standard' | 'singleton' | 'stately';
}

export interface JobDefinition<K extends JobName, C> {
  name: K;
  /** When it runs on its own: a cron expression, in UTC. */
  schedule?: string;
  retry: RetryPolicy;
  /** Jobs with the same key never run at once (and, `stately`, never wait twice). */
  singletonKey?: (data: JobData[K]) => string;
  handler: (ctx: C, data: JobData[K]) => Promise<unknown>;
  /** Work left over when the server stopped (or never queued): queued again on start. */
  leftOver?: (ctx: C) => Promise<JobData[K][]>;
}

/** Declares a kind of job; `C` is what of the server's context its handler takes. */
export function defineJob<K extends JobName, C>(definition: JobDefinition<K, C>): JobDefinition<K, C> {
  return definition;
}

/** Any kind of job whose handler can be given `C`. */
export type AnyJob<C> = { [K in JobName]: JobDefinition<K, C> }[JobName];

/** A kind of job with its context given: what a queue runs. */
export interface RunnableJob {
  name: JobName;
  schedule?: string;
  retry: RetryPolicy;
  singletonKey?: (data: never) => string;
  run(data: unknown): Promise<unknown>;
  leftOver?: () => Promise<unknown[]>;
}

export function bindJobs<C>(jobs: readonly AnyJob<C>[], ctx: C): RunnableJob[] {
  return jobs.map((job) => {
    const { name, schedule, retry, singletonKey, handler, leftOver } = job as JobDefinition<JobName, C>;
    return {
      name,
      ...(schedule ? { schedule } : {}),
      retry,
      ...(singletonKey ? { singletonKey } : {}),
      run: (data: unknown) => handler(ctx, data as JobData[JobName]),
      ...(leftOver ? { leftOver: () => leftOver(ctx) } : {}),
    };
  });
}

export interface EnqueueOptions {
  /**
   * The transaction of the change that causes the job: the job is queued in it, so that it
   * exists exactly when the change is committed.
   */
  tx?: Database;
}

export interface Jobs {
  enqueue<K extends JobName>(name: K, data: JobData[K], options?: EnqueueOptions): Promise<void>;
  /** Queues many jobs of one kind at once (one statement, however many: a bulk send's invitations). */
  enqueueAll<K extends JobName>(name: K, list: readonly JobData[K][], options?: EnqueueOptions): Promise<void>;
}
