/**
 * `npm run bench:bulk`: how long a bulk send of BULK_ROWS rows (10,000) takes, from the CSV
 * uploaded to the last form sent: the file read and every row checked (`startBulkSend`), then
 * the `bulk-send` job's batches (each row a form sent as `/send-form` sends one, its
 * invitation queued in the mail queue). On a new embedded database with the demo
 * organisation, and then on a new database of the PostgreSQL server DATABASE_URL names when it
 * is set. Prints rows, seconds and rows a second for each; the goal is under 60 seconds.
 */
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { keysFrom } from '../src/auth/keys.js';
import { passwords } from '../src/auth/passwords.js';
import { personColumns, personFlags, principalOf } from '../src/auth/principal.js';
import { readConfig } from '../src/config.js';
import type { JobContext } from '../src/context.js';
import { embedded, migrateDatabase, newEmbeddedClient, openPostgres, type OpenDatabase } from '../src/db/database.js';
import { bulkSends, companies, templates, users } from '../src/db/schema.js';
import { memoryFileStore } from '../src/files/file-store.js';
import { fileWork } from '../src/files/file-work.js';
import { outboundClient } from '../src/http/outbound.js';
import { bindJobs } from '../src/jobs/job.js';
import { startJobQueue } from '../src/jobs/queue.js';
import { sendMailJob } from '../src/mail/send-mail.job.js';
import { bulkSendJob, sendBulk } from '../src/modules/bulk-send/bulk-send.job.js';
import { startBulkSend } from '../src/modules/bulk-send/start-bulk-send.js';
import { seedFirstStart } from '../src/seed/first-start.js';
import { once } from '../src/server.js';

const rowCount = Number(process.env['BULK_ROWS'] ?? 10_000);
const log = pino({ level: 'silent' });

async function open(url: string | undefined): Promise<{ database: OpenDatabase; drop(): Promise<void> }> {
  if (!url) return { database: embedded(newEmbeddedClient()), drop: async () => undefined };
  const name = `formsign_bulk_bench_${Date.now()}`;
  const admin = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { database: await openPostgres(own.toString()), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

function csv(rows: number): Buffer {
  const lines = ['Client name,Client email,Location,Start date,Hours'];
  for (let i = 1; i <= rows; i += 1) lines.push(`Client ${i},client.${i}@mail.example,"Harbour House, Quay ${i % 40}",2026-12-31,${i % 37}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

async function bench(label: string, url: string | undefined): Promise<void> {
  const { database, drop } = await open(url);
  const secret = 'bulk-bench-secret-bulk-bench-secret-0123456789';
  const keys = keysFrom(secret);
  const files = memoryFileStore();
  const ctx = {
    db: database.db,
    config: { ...readConfig({ FORMSIGN_SECRET: secret }), demo: true },
    keys,
    passwords: passwords({ memoryCost: 1024, timeCost: 1 }),
    files,
    fileWork: fileWork(),
    outbound: outboundClient(),
    signing: once(async () => {
      throw new Error('No seal in this bench.');
    }),
    now: () => new Date(),
    log,
  } as unknown as JobContext;
  try {
    await migrateDatabase(database);
    await seedFirstStart(database.db, { demo: true, firstAdmin: undefined }, ctx.passwords, new Date());
    // The invitations are queued in pg-boss, in each batch's transaction, as the server queues them.
    const queue = await startJobQueue(database, bindJobs([sendMailJob, bulkSendJob], ctx), log, { work: false });
    Object.assign(ctx, {
      jobs: queue.jobs,
      mail: {
        send: (message, options) => queue.jobs.enqueue('send-mail', message, options),
        sendAll: (messages, options) => queue.jobs.enqueueAll('send-mail', messages, options),
        sendNow: () => Promise.reject(new Error('The bulk-send benchmark sends no mail at once.')),
      },
    } satisfies Partial<JobContext>);
    const [person] = await database.db
      .select(personColumns)
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.name, 'demo.admin'));
    if (!person) throw new Error('No demo administrator.');
    const principal = principalOf(person, personFlags(person), { sessionId: '', deviceId: null, apiKey: null });
    await database.db.update(companies).set({ envelopesBought: 1_000_000 }).where(eq(companies.id, person.companyId));
    const [template] = await database.db
      .insert(templates)
      .values({
        companyId: person.companyId,
        title: 'Client Agreement',
        steps: [{ label: 'Client', action: 'sign', userId: null }],
        fields: [
          { name: 'location', label: 'Location', type: 'text', required: true, step: 0 },
          { name: 'start_date', label: 'Start date', type: 'date', required: true, step: 0 },
          { name: 'hours', label: 'Hours', type: 'number', required: false, step: 1 },
          { name: 'signature', label: 'Signature', type: 'signature', required: true, step: 1 },
        ],
      })
      .returning({ id: templates.id });
    const bytes = csv(rowCount);
    const started = performance.now();
    const answer = await startBulkSend(
      ctx,
      principal,
      { template: String(template?.id) },
      { name: 'clients.csv', type: 'text/csv', bytes, tooLarge: false },
      { ip: '127.0.0.1', userAgent: 'bench' },
    );
    if (answer.code !== 1 || !answer.bulk_send) throw new Error(`Refused: ${answer.message} ${JSON.stringify(answer.problems.slice(0, 3))}`);
    const checked = performance.now();
    await sendBulk(ctx, answer.bulk_send.id);
    const ended = performance.now();
    const [bulk] = await database.db.select().from(bulkSends).where(eq(bulkSends.id, answer.bulk_send.id));
    if (bulk?.sent !== rowCount) throw new Error(`Only ${bulk?.sent} of ${rowCount} rows were sent (${bulk?.status}).`);
    const seconds = (ended - started) / 1000;
    console.log(
      `${label.padEnd(10)} rows ${rowCount}   seconds ${seconds.toFixed(1)} (check and store ${((checked - started) / 1000).toFixed(1)}, send ${((ended - checked) / 1000).toFixed(1)})   rows/s ${(rowCount / seconds).toFixed(0)}   ${seconds < 60 ? 'under' : 'OVER'} 60 s`,
    );
    await queue.stop();
  } finally {
    await ctx.fileWork.close();
    await database.close();
    await drop();
  }
}

await bench('embedded', undefined);
if (process.env['DATABASE_URL']) await bench('postgresql', process.env['DATABASE_URL']);
