/**
 * `npm run bench:seal -w @formsign/server`: how long sealing takes. On a new embedded
 * database with the demo organisation (or a new database on the PostgreSQL server DATABASE_URL
 * names), it times the seal of a one-page
 * form and of a twenty-page one (render, PAdES signature, store, record), SEAL_RUNS times each,
 * and prints the median and the slowest with the PDF's pages and size; then queues SEAL_JOBS
 * seals of one-page forms through the job queue (pg-boss on the same database, as the server
 * runs it) and prints how many seals a minute one worker completes. On PostgreSQL it then
 * spreads the queue over server processes: SEAL_PROCESS_JOBS seals (240) of forms made for
 * the purpose are queued, and 1, 2 and 4 worker processes (SEAL_PROCESSES) on the same database
 * work them, each as a server's job worker does (one seal at a time); it prints seals a minute
 * for each.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { PDF } from '@libpdf/core';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { keysFrom } from '../src/auth/keys.js';
import { defaultSettings } from '../src/companies/settings.js';
import { passwords } from '../src/auth/passwords.js';
import { readConfig } from '../src/config.js';
import type { ServerContext } from '../src/context.js';
import { embedded, migrateDatabase, newEmbeddedClient, openPostgres, type OpenDatabase } from '../src/db/database.js';
import { auditEvents, companies, forms, templates, users, type FieldDefinition, type FieldValue } from '../src/db/schema.js';
import { memoryFileStore } from '../src/files/file-store.js';
import { fileWork } from '../src/files/file-work.js';
import { outboundClient } from '../src/http/outbound.js';
import { bindJobs } from '../src/jobs/job.js';
import { startJobQueue } from '../src/jobs/queue.js';
import { formSeals } from '../src/modules/forms/seal-input.js';
import { loadSigningIdentity } from '../src/sealing/certificates.js';
import { sealForm } from '../src/sealing/seal.js';
import { sealFormJob } from '../src/sealing/seal-form.job.js';
import { seedFirstStart } from '../src/seed/first-start.js';
import { generateForms } from '../src/seed/forms-generator.js';
import { once } from '../src/server.js';

const runs = Number(process.env['SEAL_RUNS'] ?? 10);
const jobCount = Number(process.env['SEAL_JOBS'] ?? 40);
const processJobs = Number(process.env['SEAL_PROCESS_JOBS'] ?? 240);
const processCounts = (process.env['SEAL_PROCESSES'] ?? '1,2,4').split(',').map(Number);
const log = pino({ level: 'silent' });
const self = fileURLToPath(import.meta.url);

/** A new database: in memory, or a new one on the PostgreSQL server DATABASE_URL names (dropped after). */
async function open(): Promise<{ database: OpenDatabase; drop(): Promise<void>; url: string | null }> {
  const url = process.env['DATABASE_URL'];
  if (!url) return { database: embedded(newEmbeddedClient()), drop: async () => undefined, url: null };
  const name = `formsign_seal_bench_${Date.now()}`;
  const admin = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    database: await openPostgres(own.toString()),
    drop: () => admin(`drop database if exists ${name} with (force)`),
    url: own.toString(),
  };
}

/** Takes a form's seal away, so that sealing it has the whole work to do again. */
async function unseal(ctx: ServerContext, ids: number[]): Promise<void> {
  await ctx.db.update(forms).set({ sealedKey: null, sealedSha256: null, originalSha256: null, sealedAt: null }).where(inArray(forms.id, ids));
  await ctx.db.delete(auditEvents).where(and(inArray(auditEvents.formId, ids), eq(auditEvents.event, 'sealed')));
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (value: number): string => `${value.toFixed(0)} ms`;

async function timeSeals(ctx: ServerContext, files: ReturnType<typeof memoryFileStore>, formId: number, label: string): Promise<void> {
  const times: number[] = [];
  let pages = 0;
  let bytes = 0;
  for (let run = 0; run < runs; run += 1) {
    await unseal(ctx, [formId]);
    const started = performance.now();
    if ((await sealForm(ctx, formSeals, formId)) !== 'sealed') throw new Error(`Form ${formId} was not sealed.`);
    times.push(performance.now() - started);
    const [form] = await ctx.db.select({ key: forms.sealedKey }).from(forms).where(eq(forms.id, formId));
    const pdf = (await files.get(form?.key ?? '')) ?? Buffer.alloc(0);
    bytes = pdf.length;
    pages = (await PDF.load(pdf)).getPageCount();
  }
  console.log(
    `${label.padEnd(22)} ${String(pages).padStart(3)} pages sealed ${`${(bytes / 1024).toFixed(0)} KB`.padStart(7)}   median ${ms(median(times)).padStart(7)}   slowest ${ms(Math.max(...times)).padStart(7)}   (${runs} seals)`,
  );
}

/** A demo form made long: 300 answered fields, twenty pages with its certificate and audit trail. */
async function longForm(ctx: ServerContext, formId: number): Promise<void> {
  const fields: FieldDefinition[] = [];
  const values: Record<string, FieldValue> = {};
  for (let index = 1; index <= 300; index += 1) {
    const name = `item_${index}`;
    fields.push({
      name,
      label: `Check ${index}: condition of the item, as found on the day`,
      type: index % 10 === 0 ? 'textarea' : 'text',
      required: false,
      step: 1,
    });
    values[name] =
      index % 10 === 0
        ? 'Worn at the edges; cleaned and checked; no further action needed this quarter. Photographs kept on file.'
        : `Good, seen by the inspector (${index})`;
  }
  await ctx.db.update(forms).set({ fields, values }).where(eq(forms.id, formId));
}

function contextOf(database: OpenDatabase, secret: string, files: ReturnType<typeof memoryFileStore>): ServerContext {
  const keys = keysFrom(secret);
  return {
    db: database.db,
    config: { ...readConfig({ FORMSIGN_SECRET: secret }), demo: true },
    keys,
    passwords: passwords({ memoryCost: 1024, timeCost: 1 }),
    mail: { send: async () => undefined, sendAll: async () => undefined, sendNow: async () => undefined },
    files,
    jobs: { enqueue: async () => undefined, enqueueAll: async () => undefined },
    fileWork: fileWork(),
    outbound: outboundClient(),
    signing: once(() => loadSigningIdentity(database.db, keys, { name: 'formsign' })),
    now: () => new Date(),
    log,
  };
}

/**
 * A worker process (`bench-seal.ts --worker`): the seal jobs of the database SEAL_WORKER_URL
 * names, worked as a server process works them, until SIGTERM. The work left over at start is
 * not queued here: the bench queues what it times.
 */
async function worker(): Promise<void> {
  const database = await openPostgres(process.env['SEAL_WORKER_URL'] ?? '');
  const ctx = contextOf(database, process.env['SEAL_WORKER_SECRET'] ?? '', memoryFileStore());
  await ctx.signing();
  const sealing = bindJobs([sealFormJob<ServerContext>(formSeals, async () => undefined)], ctx).map(({ leftOver: _, ...job }) => job);
  const queue = await startJobQueue(database, sealing, log, { pollingIntervalSeconds: 0.5 });
  process.send?.('ready');
  process.once('SIGTERM', () => {
    void (async () => {
      await queue.stop();
      await ctx.fileWork.close();
      await database.close();
      process.exit(0);
    })();
  });
}

/** Seals a minute with 1, 2 and 4 worker processes on the one PostgreSQL database. */
async function overProcesses(database: OpenDatabase, url: string, secret: string, ctx: ServerContext): Promise<void> {
  // An organisation of its own, so that the forms' references are its own.
  const [demo] = await ctx.db.select().from(companies).limit(1);
  const [company] = await ctx.db
    .insert(companies)
    .values({ name: 'Seal Bench Ltd', envelopesBought: processJobs * 4, settings: defaultSettings() })
    .returning();
  const people = await ctx.db
    .select()
    .from(users)
    .where(eq(users.companyId, demo?.id ?? 0));
  if (!company || people.length < 3) throw new Error('The demo has no people to make forms with.');
  const demoTemplates = await ctx.db
    .select()
    .from(templates)
    .where(eq(templates.companyId, demo?.id ?? 0));
  const made = await ctx.db
    .insert(templates)
    .values(demoTemplates.map(({ id: _, ...template }) => ({ ...template, companyId: company.id })))
    .returning();
  const person = (index: number) => {
    const user = people[index % people.length];
    return { id: user?.id ?? null, name: `${user?.firstName} ${user?.lastName}`, email: user?.email ?? 'someone@mail.example' };
  };
  const before = new Set((await ctx.db.select({ id: forms.id }).from(forms)).map((row) => row.id));
  await generateForms(ctx.db, {
    companyId: company.id,
    companyName: company.name,
    templates: made.map((template) => ({
      id: template.id,
      title: template.title,
      fields: template.fields,
      steps: template.steps,
      sequential: template.sequential,
    })),
    senders: [person(0)],
    signers: [person(1), person(2), { id: null, name: 'Outside Signer', email: 'outside.signer@mail.example' }],
    approvers: [person(0)],
    count: Math.ceil(processJobs / 0.5),
    now: new Date(),
    seed: 7,
  });
  const ids = (await ctx.db.select({ id: forms.id }).from(forms).where(eq(forms.status, 'completed')).orderBy(forms.id))
    .map((row) => row.id)
    .filter((id) => !before.has(id))
    .slice(0, processJobs);
  // Queued here, worked only by the worker processes.
  const queue = await startJobQueue(database, bindJobs([sealFormJob<ServerContext>(formSeals, async () => undefined)], ctx), log, { work: false });
  for (const count of processCounts) {
    await unseal(ctx, ids);
    const workers: ChildProcess[] = [];
    await Promise.all(
      Array.from({ length: count }, () => {
        const child = spawn(process.execPath, ['--conditions=@formsign/source', '--import', 'tsx', self, '--worker'], {
          env: { ...process.env, SEAL_WORKER_URL: url, SEAL_WORKER_SECRET: secret },
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        workers.push(child);
        return new Promise<void>((resolve, reject) => {
          child.once('message', () => resolve());
          child.once('exit', (code) => reject(new Error(`A worker process stopped (${code}).`)));
        });
      }),
    );
    const began = performance.now();
    for (const formId of ids) await queue.jobs.enqueue('seal-form', { formId });
    for (;;) {
      const sealed = await ctx.db.$count(forms, and(inArray(forms.id, ids), isNotNull(forms.sealedKey)));
      if (sealed === ids.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - began) / 1000;
    await Promise.all(
      workers.map(
        (child) =>
          new Promise<void>((resolve) => {
            child.removeAllListeners('exit');
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    console.log(
      `${`${count} worker process${count === 1 ? '' : 'es'}`.padEnd(24)}${ids.length} seals queued at once, done in ${seconds.toFixed(1)} s: ${((ids.length / seconds) * 60).toFixed(0)} seals a minute.`,
    );
  }
  await queue.stop();
}

async function main(): Promise<void> {
  const { database, drop, url } = await open();
  await migrateDatabase(database);
  const secret = randomBytes(32).toString('base64url');
  const started = performance.now();
  const files = memoryFileStore();
  const ctx = contextOf(database, secret, files);
  await seedFirstStart(database.db, { demo: true, firstAdmin: undefined }, ctx.passwords, new Date());
  await ctx.signing();
  console.log(
    `Sealing on ${database.kind === 'embedded' ? 'the embedded database (PGlite, in memory)' : 'PostgreSQL'}, the demo seeded and the instance's certificates made in ${ms(performance.now() - started)}; Node ${process.version}.`,
  );

  const completed = (await ctx.db.select({ id: forms.id }).from(forms).where(eq(forms.status, 'completed')).orderBy(forms.id)).map((row) => row.id);
  const [short, long] = completed;
  if (short === undefined || long === undefined || completed.length < 3) throw new Error('The demo has too few complete forms.');
  await longForm(ctx, long);
  await timeSeals(ctx, files, short, 'A one-page form');
  await timeSeals(ctx, files, long, 'A twenty-page form');

  // The queue: every other complete form unsealed and queued, one worker.
  const queued = completed.filter((id) => id !== long).slice(0, jobCount);
  await unseal(ctx, queued);
  // Sealing only: nothing follows a seal here.
  const sealing = bindJobs([sealFormJob<ServerContext>(formSeals, async () => undefined)], ctx);
  const queue = await startJobQueue(database, sealing, log, { pollingIntervalSeconds: 0.5 });
  const began = performance.now();
  for (const formId of queued) await queue.jobs.enqueue('seal-form', { formId });
  for (;;) {
    const left = await ctx.db.$count(forms, and(inArray(forms.id, queued), eq(forms.status, 'completed')));
    const sealed = (await ctx.db.select({ key: forms.sealedKey }).from(forms).where(inArray(forms.id, queued))).filter(
      (row) => row.key !== null,
    ).length;
    if (sealed === left) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - began) / 1000;
  await queue.stop();
  await ctx.fileWork.close();
  console.log(
    `The job queue           ${queued.length} seals queued at once, done in ${seconds.toFixed(1)} s: ${((queued.length / seconds) * 60).toFixed(0)} seals a minute with one worker.`,
  );
  if (url) await overProcesses(database, url, secret, ctx);
  await database.close();
  await drop();
}

if (process.argv.includes('--worker')) await worker();
else await main();
