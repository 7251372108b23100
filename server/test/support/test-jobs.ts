/**
 * The tests' job queue: a job runs in the test's own process, soon after the step that queued
 * it, as the real queue would run it, without waiting for a worker's poll.
 *
 * A job queued without a transaction runs at once. A job queued in the transaction of a
 * change (`{ tx }`) is written in that transaction to a table of this test database, and runs
 * when the tests flush the queue (after each call): a change that is rolled back leaves no
 * job, as with the real queue, and no job runs before its change is committed. As with the
 * real queue, a job that fails does not fail the step that queued it: `failed` hears of it.
 * A scheduled job runs when a test says (`run`), with the test's clock, instead of on its hour.
 */
import type { OpenDatabase } from '../../src/db/database.js';
import { rawRows, textQuery } from '../../src/db/raw-rows.js';
import type { JobData, JobName, Jobs, RunnableJob } from '../../src/jobs/job.js';

export interface TestJobs extends Jobs {
  /** Runs the jobs committed so far, and those they queue, until none is left. */
  flush(): Promise<void>;
  /** Runs a job's handler now (a scheduled one with no data); rejects when it fails. */
  run<K extends JobName>(name: K, data: JobData[K]): Promise<unknown>;
}

const outbox = 'test_job_outbox';

export async function testJobs(
  database: OpenDatabase,
  jobs: () => readonly RunnableJob[],
  failed: (error: unknown, name: JobName) => void,
): Promise<TestJobs> {
  await database.query(
    `create table if not exists ${outbox} (id integer primary key generated always as identity, name text not null, data jsonb not null)`,
  );
  function jobNamed(name: JobName): RunnableJob {
    const job = jobs().find((candidate) => candidate.name === name);
    if (!job) throw new Error(`No job is named ${name}.`);
    return job;
  }
  async function runQueued(name: JobName, data: unknown): Promise<void> {
    try {
      await jobNamed(name).run(data);
    } catch (error) {
      failed(error, name);
    }
  }
  const enqueue: Jobs['enqueue'] = async (name, data, { tx } = {}) => {
    if (!tx) return runQueued(name, data);
    await rawRows(tx, textQuery(`insert into ${outbox} (name, data) values ($1, $2::jsonb)`, [name, JSON.stringify(data)]));
  };
  return {
    enqueue,
    async enqueueAll(name, list, options) {
      for (const data of list) await enqueue(name, data, options);
    },
    async flush() {
      for (;;) {
        const [next] = await rawRows<{ name: JobName; data: unknown }>(
          database.db,
          textQuery(`delete from ${outbox} where id = (select min(id) from ${outbox}) returning name, data`),
        );
        if (!next) return;
        await runQueued(next.name, next.data);
      }
    },
    run: (name, data) => jobNamed(name).run(data),
  };
}
