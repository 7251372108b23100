/**
 * The job queue: work that may be slow or may fail outside the process (sealing a PDF,
 * sending mail) runs here, never inside a request, with retries. pg-boss keeps the jobs in
 * the same database (embedded or PostgreSQL), so a job survives a restart and several server
 * processes share the work. A job that was running when its process died expires and runs
 * again; on start, complete forms that have no seal are queued again.
 */
import { and, eq, isNull } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, OpenDatabase } from '../db/database.js';
import { forms } from '../db/schema.js';
import type { MailMessage } from '../mail/mailer.js';
import { rawRows, textQuery } from '../db/raw-rows.js';
import type { ResetRequest } from '../modules/auth/password-reset.js';

export interface JobData {
  'seal-form': { formId: number };
  'deliver-form': { formId: number };
  'send-mail': MailMessage;
  'password-reset': ResetRequest;
}
export type JobName = keyof JobData;

export interface EnqueueOptions {
  /**
   * The transaction of the change that causes the job: the job is queued in it, so that it
   * exists exactly when the change is committed.
   */
  tx?: Database;
}

export interface Jobs {
  enqueue<K extends JobName>(name: K, data: JobData[K], options?: EnqueueOptions): Promise<void>;
}

export type JobHandlers = { [K in JobName]: (data: JobData[K]) => Promise<unknown> };

/** How each kind of job is retried, and how long one may run before it is thought dead. */
const queues: Record<JobName, PgBoss.Queue> = {
  'seal-form': { name: 'seal-form', retryLimit: 6, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  // One delivery of a form at a time: two at once could both send before either is recorded.
  'deliver-form': { name: 'deliver-form', policy: 'singleton', retryLimit: 6, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
  'send-mail': { name: 'send-mail', retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
  'password-reset': { name: 'password-reset', retryLimit: 4, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
};

export interface RunningQueue {
  jobs: Jobs;
  /** Stops after the jobs under way have finished (up to 10 s). */
  stop(): Promise<void>;
  /**
   * Stops at once, leaving jobs under way as they are, as a crash would: from then on this
   * queue never reaches the database again, even when a job it had under way ends later.
   */
  halt(): Promise<void>;
}

export interface QueueOptions {
  /** How often idle workers look for work (2 s). */
  pollingIntervalSeconds?: number;
  /** Overrides of every queue's retry delay and expiry (the tests' shorter ones). */
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  /** Work the queue here (else only queue jobs, for worker processes elsewhere). */
  work?: boolean;
}

function unsealedForms(database: OpenDatabase): Promise<{ id: number }[]> {
  return database.db.select({ id: forms.id }).from(forms).where(and(eq(forms.status, 'completed'), isNull(forms.sealedKey), isNull(forms.deletedAt))).limit(10_000);
}

export async function startJobQueue(database: OpenDatabase, handlers: JobHandlers, log: FastifyBaseLogger, options: QueueOptions = {}): Promise<RunningQueue> {
  let halted = false;
  const boss = new PgBoss({
    // A halted queue's late calls (a job under way ending, or expiring) never answer.
    db: { executeSql: (text, values) => (halted ? new Promise<never>(() => undefined) : database.query(text, values)) },
    schema: 'pgboss',
    supervise: true,
    schedule: false,
    migrate: true,
  });
  boss.on('error', (error) => log.error({ err: error }, 'The job queue failed.'));
  await boss.start();
  for (const base of Object.values(queues)) {
    const queue = { ...base, ...(options.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds, retryBackoff: false } : {}), ...(options.expireInSeconds !== undefined ? { expireInSeconds: options.expireInSeconds } : {}) };
    if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, queue);
    else await boss.createQueue(queue.name, queue);
  }
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  // pg-boss waits a polling interval after each fetch; a worker told of work looks again at
  // once. So a worker that has just done a job looks for the next at once, and a job queued
  // here is started at once: the interval only paces an idle worker (or one of another process).
  const workers = new Map<JobName, string>();
  for (const name of options.work === false ? [] : (Object.keys(queues) as JobName[])) {
    const worker = await boss.work(name, { batchSize: 1, pollingIntervalSeconds }, async (jobs) => {
      try {
        for (const job of jobs) {
          try {
            await (handlers[name] as (data: unknown) => Promise<unknown>)(job.data);
          } catch (error) {
            log.warn({ err: error, job: job.id, name }, 'A job failed; it will be tried again.');
            throw error;
          }
        }
      } finally {
        // Through the map: the first job may come before `work` has answered the worker's id.
        const self = workers.get(name);
        if (self) boss.notifyWorker(self);
      }
    });
    workers.set(name, worker);
  }
  const notify = (name: JobName): void => {
    const worker = workers.get(name);
    if (worker) boss.notifyWorker(worker);
  };
  const jobs: Jobs = {
    async enqueue(name, data, { tx } = {}) {
      const formId = name === 'seal-form' || name === 'deliver-form' ? (data as JobData['seal-form']).formId : undefined;
      // In the transaction of the change that causes it: the job exists exactly when the change is committed.
      const db = tx ? { executeSql: async (text: string, values: unknown[]) => ({ rows: await rawRows<Record<string, unknown>>(tx, textQuery(text, values)) }) } : undefined;
      await boss.send(name, data as object, { ...(formId === undefined ? {} : { singletonKey: `form-${formId}` }), ...(db ? { db } : {}) });
      if (!tx) return notify(name);
      // Its worker looks a moment later, once the transaction has committed (else at its next poll).
      setTimeout(() => notify(name), 50).unref();
    },
  };
  // Complete forms without a seal (their job lost, or never queued): queue them again.
  const unsealed = options.work === false ? [] : await unsealedForms(database);
  for (const form of unsealed) await jobs.enqueue('seal-form', { formId: form.id });
  if (unsealed.length) log.info(`${unsealed.length} complete form(s) without a seal were queued to be sealed.`);
  return {
    jobs,
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
    async halt() {
      await boss.stop({ graceful: false, wait: true, timeout: 1_000 });
      halted = true;
    },
  };
}

