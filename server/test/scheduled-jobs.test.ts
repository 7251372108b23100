/**
 * Scheduled housekeeping (and the forms' automatic reminders and retention, tested in their own files): counted attempts and second-factor tickets older than a day are
 * forgotten every hour; without autovacuum, tables that changed are analyzed every ten minutes. The tests move the server's clock and run the job at once; the real
 * queue is checked to hold each job's schedule and retry policy as its file declares them.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobContext } from '../src/context.js';
import { rawRows } from '../src/db/raw-rows.js';
import { autovacuumRuns } from '../src/db/statistics.js';
import { attempts, mfaChallenges, users } from '../src/db/schema.js';
import type { RunnableJob } from '../src/jobs/job.js';
import { startJobQueue, type RunningQueue } from '../src/jobs/queue.js';
import { allJobs, serverJobs } from '../src/jobs-list.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();
const log = pino({ level: 'silent' });
const running: RunningQueue[] = [];
const hour = 60 * 60 * 1000;

afterEach(async () => {
  for (const queue of running.splice(0)) await queue.stop();
});

/** The server's jobs as declared, doing nothing and leaving nothing over: only their queues and schedules matter here. */
function idleJobs(): RunnableJob[] {
  return serverJobs(server.ctx as JobContext).map(({ name, schedule, retry }) => ({
    name,
    ...(schedule ? { schedule } : {}),
    retry,
    run: async () => undefined,
  }));
}

async function startQueue(jobs: RunnableJob[], work = true): Promise<RunningQueue> {
  const queue = await startJobQueue(server.database, jobs, log, { pollingIntervalSeconds: 0.5, work });
  running.push(queue);
  return queue;
}

describe('scheduled housekeeping', () => {
  it('forgets the attempts older than a day, and keeps the recent ones', async () => {
    const key = `prune-${randomUUID()}`;
    const [old] = await server.ctx.db.insert(attempts).values({ kind: 'login-ip', key, at: server.clock.now() }).returning();
    server.clock.advance(25 * hour);
    const [recent] = await server.ctx.db
      .insert(attempts)
      .values({ kind: 'login-ip', key, at: new Date(server.clock.now().getTime() - 23 * hour) })
      .returning();
    await server.runJob('prune-attempts');
    const left = await server.ctx.db.select({ id: attempts.id }).from(attempts).where(eq(attempts.key, key));
    expect(left.map((row) => row.id)).toEqual([recent?.id]);
    expect(old).toBeDefined();
  });

  it('forgets the second-factor tickets that ended more than a day ago', async () => {
    const [user] = await server.ctx.db.select({ id: users.id }).from(users).limit(1);
    if (!user) throw new Error('The demo has no account.');
    const now = server.clock.now().getTime();
    const ended = `ended-${randomUUID()}`;
    const open = `open-${randomUUID()}`;
    await server.ctx.db.insert(mfaChallenges).values([
      { ticketHash: ended, userId: user.id, method: 'totp', expiresAt: new Date(now + 5 * 60_000) },
      { ticketHash: open, userId: user.id, method: 'totp', expiresAt: new Date(now + 48 * hour) },
    ]);
    server.clock.advance(30 * hour);
    await server.runJob('prune-challenges');
    const left = await server.ctx.db
      .select({ ticket: mfaChallenges.ticketHash })
      .from(mfaChallenges)
      .where(inArray(mfaChallenges.ticketHash, [ended, open]));
    expect(left.map((row) => row.ticket)).toEqual([open]);
  });
});

describe('planner statistics', () => {
  /** When the table was last analyzed, in seconds (0: never). */
  const lastAnalyzed = async (table: string) =>
    (
      await rawRows<{ at: number }>(
        server.ctx.db,
        sql`select coalesce(extract(epoch from last_analyze), 0)::float8 as at from pg_stat_user_tables where relname = ${table}`,
      )
    )[0]?.at ?? 0;

  it('without autovacuum (the embedded database), analyzes the tables changed by more than a tenth since their last analysis, and only those', async () => {
    await server.runJob('refresh-statistics');
    const before = await lastAnalyzed('attempts');
    const [existing] = await server.ctx.db.select({ n: count() }).from(attempts);
    // More than autovacuum's measure: 50 rows and a tenth of the table.
    const added = 60 + Math.ceil((existing?.n ?? 0) / 5);
    const key = `statistics-${randomUUID()}`;
    await server.ctx.db.insert(attempts).values(Array.from({ length: added }, () => ({ kind: 'login-ip' as const, key, at: server.clock.now() })));
    const analyzed = await server.runJob('refresh-statistics');
    if (await autovacuumRuns(server.ctx.db)) {
      // A PostgreSQL server whose autovacuum keeps the statistics: the job leaves them to it.
      expect(analyzed).toEqual([]);
      return;
    }
    expect(analyzed).toContain('attempts');
    expect(analyzed).not.toContain('companies');
    expect(await lastAnalyzed('attempts')).toBeGreaterThan(before);
    // Analyzed now: the next run finds nothing changed there.
    expect(await server.runJob('refresh-statistics')).not.toContain('attempts');
  });
});

describe('the queue keeps what each job declares', () => {
  it('schedules the housekeeping hourly, and unschedules a job no longer listed', async () => {
    const first = await startQueue(idleJobs());
    const schedules = async (queue: RunningQueue) =>
      (await queue.boss.getSchedules()).map(({ name, cron }) => ({ name, cron })).sort((a, b) => a.name.localeCompare(b.name));
    expect(await schedules(first)).toEqual([
      { name: 'apply-retention', cron: '0 3 * * *' },
      { name: 'prune-attempts', cron: '0 * * * *' },
      { name: 'prune-challenges', cron: '0 * * * *' },
      { name: 'record-expiries', cron: '0 * * * *' },
      { name: 'refresh-statistics', cron: '*/10 * * * *' },
      { name: 'remind-waiting', cron: '0 * * * *' },
    ]);
    await first.stop();
    running.splice(running.indexOf(first), 1);

    // A process that only queues jobs leaves the schedules as they are.
    const queueOnly = await startQueue(
      idleJobs().filter((job) => job.name !== 'prune-challenges'),
      false,
    );
    expect((await schedules(queueOnly)).map((schedule) => schedule.name)).toEqual([
      'apply-retention',
      'prune-attempts',
      'prune-challenges',
      'record-expiries',
      'refresh-statistics',
      'remind-waiting',
    ]);
    await queueOnly.stop();
    running.splice(running.indexOf(queueOnly), 1);

    const without = await startQueue(idleJobs().filter((job) => job.name !== 'prune-challenges'));
    expect(await schedules(without)).toEqual([
      { name: 'apply-retention', cron: '0 3 * * *' },
      { name: 'prune-attempts', cron: '0 * * * *' },
      { name: 'record-expiries', cron: '0 * * * *' },
      { name: 'refresh-statistics', cron: '*/10 * * * *' },
      { name: 'remind-waiting', cron: '0 * * * *' },
    ]);
  }, 30_000);

  it("gives each queue the retry policy its job's file declares", async () => {
    const queue = await startQueue(idleJobs());
    for (const job of allJobs) {
      const made = await queue.boss.getQueue(job.name);
      expect(made, job.name).toMatchObject({ ...job.retry, policy: job.retry.policy ?? 'standard' });
    }
    // One at a time where two at once would do harm, as declared; a form's delivery also waits only once.
    expect((await queue.boss.getQueue('deliver-form'))?.policy).toBe('stately');
  }, 30_000);
});
