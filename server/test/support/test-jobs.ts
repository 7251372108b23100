/**
 * The tests' job queue: a job runs in the test's own process, soon after the step that queued
 * it, as the real queue would run it, without waiting for a worker's poll.
 *
 * A job queued without a transaction runs at once. A job queued in the transaction of a
 * change (`{ tx }`) is written in that transaction to a table of this test database, and runs
 * when the tests flush the queue (after each call): a change that is rolled back leaves no
 * job, as with the real queue, and no job runs before its change is committed. As with the
 * real queue, a job that fails does not fail the step that queued it: `failed` hears of it.
 */
import type { OpenDatabase } from '../../src/db/database.js';
import { rawRows, textQuery } from '../../src/db/raw-rows.js';
import type { JobData, JobHandlers, JobName, Jobs } from '../../src/jobs/queue.js';

export interface TestJobs extends Jobs {
  /** Runs the jobs committed so far, and those they queue, until none is left. */
  flush(): Promise<void>;
}

const outbox = 'test_job_outbox';

export async function testJobs(database: OpenDatabase, handlers: () => JobHandlers, failed: (error: unknown, name: JobName) => void): Promise<TestJobs> {
  await database.query(`create table if not exists ${outbox} (id integer primary key generated always as identity, name text not null, data jsonb not null)`);
  async function run<K extends JobName>(name: K, data: JobData[K]): Promise<void> {
    try {
      await (handlers()[name] as (data: JobData[K]) => Promise<unknown>)(data);
    } catch (error) {
      failed(error, name);
    }
  }
  return {
    async enqueue(name, data, { tx } = {}) {
      if (!tx) return run(name, data);
      await rawRows(tx, textQuery(`insert into ${outbox} (name, data) values ($1, $2::jsonb)`, [name, JSON.stringify(data)]));
    },
    async flush() {
      for (;;) {
        const [next] = await rawRows<{ name: JobName; data: JobData[JobName] }>(
          database.db,
          textQuery(`delete from ${outbox} where id = (select min(id) from ${outbox}) returning name, data`),
        );
        if (!next) return;
        await run(next.name, next.data);
      }
    },
  };
}
