/**
 * The job queue: work that may be slow or may fail outside the process (sealing a PDF,
 * sending mail) runs here, never inside a request, with retries. pg-boss keeps the jobs in
 * the same database (embedded or PostgreSQL), so a job survives a restart and several server
 * processes share the work. A job that was running when its process died expires and runs
 * again; on start, each kind of job queues its work left over (e.g. complete forms without a
 * seal). Jobs with a schedule run on it; a kind of job no longer listed is unscheduled.
 */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, OpenDatabase } from '../db/database.js';
import { rawRows, textQuery } from '../db/raw-rows.js';
import type { JobName, Jobs, RunnableJob } from './job.js';

export type { EnqueueOptions, JobData, JobName, Jobs } from './job.js';

export interface RunningQueue {
  jobs: Jobs;
  /** The queue itself, to read its queues and schedules. */
  boss: PgBoss;
  /**
   * Stops taking jobs, and answers once the jobs under way have finished (up to a minute, a
   * seal's own budget) and no query of the queue is left unanswered: only then may the
   * database be closed. Anything the queue would still do after that is left undone, as a
   * crash would leave it (the job expires and runs again), and never reaches the database.
   */
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
  /** Work the queue here, and keep its schedules (else only queue jobs, for worker processes elsewhere). */
  work?: boolean;
  /** How long `stop` waits for the jobs under way (60 s). */
  stopWaitSeconds?: number;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** What a queue that has stopped (or halted) answers: nothing, ever, as a process that is gone. */
const never = (): Promise<never> => new Promise<never>(() => undefined);

function queueOf(job: RunnableJob, options: QueueOptions): PgBoss.Queue {
  return {
    name: job.name,
    ...job.retry,
    ...(options.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds, retryBackoff: false } : {}),
    ...(options.expireInSeconds !== undefined ? { expireInSeconds: options.expireInSeconds } : {}),
  };
}

/** Each listed job's schedule is set; a schedule of a job no longer listed (or no longer scheduled) goes. */
async function keepSchedules(boss: PgBoss, jobs: readonly RunnableJob[]): Promise<void> {
  const scheduled = new Map(jobs.flatMap((job) => (job.schedule ? [[job.name as string, job.schedule]] : [])));
  for (const schedule of await boss.getSchedules()) if (!scheduled.has(schedule.name)) await boss.unschedule(schedule.name);
  for (const [name, cron] of scheduled) await boss.schedule(name, cron, {}, { tz: 'UTC' });
}

export async function startJobQueue(
  database: OpenDatabase,
  list: readonly RunnableJob[],
  log: FastifyBaseLogger,
  options: QueueOptions = {},
): Promise<RunningQueue> {
  const work = options.work !== false;
  const byName = new Map(list.map((job) => [job.name, job]));
  let halted = false;
  // Stopped: the database may be closing. Late calls, as a halted queue's, never answer.
  let stopped = false;
  // The queue's queries under way, and the jobs under way, that `stop` waits for.
  let queries = 0;
  const underWay = new Set<Promise<void>>();
  const boss = new PgBoss({
    // A halted queue's late calls (a job under way ending, or expiring) never answer.
    db: {
      executeSql: (text, values) => {
        if (halted || stopped) return never();
        queries += 1;
        return database.query(text, values).finally(() => (queries -= 1));
      },
    },
    schema: 'pgboss',
    supervise: true,
    // Schedules are kept by the processes that work the queue.
    schedule: work,
    migrate: true,
  });
  boss.on('error', (error) => log.error({ err: error }, 'The job queue failed.'));
  await boss.start();
  for (const job of list) {
    const queue = queueOf(job, options);
    if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, queue);
    else await boss.createQueue(queue.name, queue);
  }
  if (work) await keepSchedules(boss, list);
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  // pg-boss waits a polling interval after each fetch; a worker told of work looks again at
  // once. So a worker that has just done a job looks for the next at once, and a job queued
  // here is started at once: the interval only paces an idle worker (or one of another process).
  const workers = new Map<JobName, string>();
  for (const job of work ? list : []) {
    const { name } = job;
    const worker = await boss.work(name, { batchSize: 1, pollingIntervalSeconds }, (batch) => {
      // Fetched as the queue stopped, and the database may be gone: left as a crash would leave it.
      if (stopped || halted) return never();
      const running = (async () => {
        try {
          for (const item of batch) {
            try {
              await job.run(item.data);
            } catch (error) {
              log.warn({ err: error, job: item.id, name }, 'A job failed; it will be tried again.');
              throw error;
            }
          }
        } finally {
          // Through the map: the first job may come before `work` has answered the worker's id.
          const self = workers.get(name);
          if (self) boss.notifyWorker(self);
        }
      })();
      underWay.add(running);
      running.then(
        () => underWay.delete(running),
        () => underWay.delete(running),
      );
      return running;
    });
    workers.set(name, worker);
  }
  const notify = (name: JobName): void => {
    const worker = workers.get(name);
    if (worker) boss.notifyWorker(worker);
  };
  const singletonKeyOf = (name: JobName, data: unknown): { singletonKey?: string } => {
    const job = byName.get(name);
    if (!job) throw new Error(`No job is named ${name}.`);
    return job.singletonKey ? { singletonKey: (job.singletonKey as (data: unknown) => string)(data) } : {};
  };
  // In the transaction of the change that causes it: the job exists exactly when the change is committed.
  const inTransaction = (tx: Database | undefined) =>
    tx
      ? {
          db: {
            executeSql: async (text: string, values: unknown[]) => ({ rows: await rawRows<Record<string, unknown>>(tx, textQuery(text, values)) }),
          },
        }
      : {};
  const queued = (name: JobName, tx: Database | undefined): void => {
    if (!tx) return notify(name);
    // Its worker looks a moment later, once the transaction has committed (else at its next poll).
    setTimeout(() => notify(name), 50).unref();
  };
  const jobs: Jobs = {
    async enqueue(name, data, { tx } = {}) {
      await boss.send(name, data as object, { ...singletonKeyOf(name, data), ...inTransaction(tx) });
      queued(name, tx);
    },
    async enqueueAll(name, list, { tx } = {}) {
      if (list.length === 0) return;
      await boss.insert(
        list.map((data) => ({ name, data: data as object, ...singletonKeyOf(name, data) })),
        inTransaction(tx),
      );
      queued(name, tx);
    },
  };
  for (const job of work ? list : []) {
    const leftOver = (await job.leftOver?.()) ?? [];
    for (const data of leftOver) await jobs.enqueue(job.name, data as never);
    if (leftOver.length) log.info(`${leftOver.length} job(s) ${job.name} left over were queued again.`);
  }
  return {
    jobs,
    boss,
    async stop() {
      const until = Date.now() + (options.stopWaitSeconds ?? 60) * 1000;
      await boss.stop({ graceful: true, wait: true, timeout: Math.max(1000, until - Date.now()) });
      // pg-boss counts a job as under way once its fetch has answered: a fetch in flight when it
      // stopped may still start one, and a job past pg-boss's wait may still be writing. Both
      // are waited for, so that nothing reaches the database once it is closed.
      while ((queries > 0 || underWay.size > 0) && Date.now() < until) await pause(10);
      stopped = true;
    },
    async halt() {
      await boss.stop({ graceful: false, wait: true, timeout: 1_000 });
      halted = true;
    },
  };
}
