/**
 * `npm run bench:server`: how the lists hold up at scale. Seeds BENCH_FORMS forms into one
 * organisation (100,000 on PostgreSQL, 25,000 on the embedded database by default), once per
 * number of forms and level of the schema's migrations: the seeded database is kept (a
 * template database on PostgreSQL, copied with `create database ... template`; a data folder
 * under the OS's temp folder for the embedded one, copied) and each run works on a copy of it,
 * unless BENCH_FRESH=1. Starts the server on each as its own process and drives every list call
 * (BENCH_CALLS=<names, comma separated> for some of them) with autocannon from this process
 * at BENCH_RATE requests per second (500 by default), as the organisation's administrator and,
 * for the lists whose rows depend on who asks, as a basic user. Prints requests per second,
 * p50 and p99 latency and errors per call, and the server's peak memory; then the Workflow
 * while the dashboard is asked for alongside, since a heavy query must not stall the others.
 * BENCH_ONLY=postgres|embedded runs one database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { seedForms } from './seed.js';

const only = process.env['BENCH_ONLY'];
const formsFor = (kind: 'embedded' | 'postgres') => Number(process.env['BENCH_FORMS'] ?? (kind === 'postgres' ? 100_000 : 25_000));
const fresh = process.env['BENCH_FRESH'] === '1';
const chosenCalls = process.env['BENCH_CALLS']
  ?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const rate = Number(process.env['BENCH_RATE'] ?? 500);
const seconds = Number(process.env['BENCH_SECONDS'] ?? 10);
const postgresUrl = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** What the seed makes, raised when it makes more (files: documents and stored files), so a copy seeded before is not reused. */
const seedLevel = 'f';

/** The schema's level: the last migration's name, so a seeded copy of an older schema is not reused. */
function migrationLevel(): string {
  const journal = JSON.parse(readFileSync(fileURLToPath(new URL('../drizzle/meta/_journal.json', import.meta.url)), 'utf8')) as {
    entries: { idx: number; when: number }[];
  };
  const last = journal.entries.at(-1);
  return `${last ? `m${last.idx}_${last.when}` : 'none'}${seedLevel}`;
}

interface Target {
  name: string;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

interface Seeded {
  admin: string;
  basic: string;
}

/** The organisation `seed.ts` makes first in a new database: its administrator and a basic user (a signer of many forms). */
const benchPeople = (companyId: number): Seeded => ({ admin: `bench.admin.${companyId}`, basic: `bench.ben.${companyId}` });

async function seedInto(env: Record<string, string>, forms: number): Promise<Seeded> {
  console.log(`Seeding ${forms.toLocaleString('en-GB')} forms (kept for the next runs; BENCH_FRESH=1 seeds again).`);
  Object.assign(process.env, env);
  const seeded = await seedForms(forms, 1, () => undefined);
  console.log(`Seeded in ${seeded.seconds.toFixed(0)} s.`);
  return benchPeople(seeded.organisations[0]?.id ?? 2);
}

async function embeddedTarget(forms: number): Promise<{ target: Target; people: Seeded }> {
  const kept = join(tmpdir(), `formsign-bench-seeded-${forms}-${migrationLevel()}`);
  if (fresh || !existsSync(join(kept, 'seeded.json'))) {
    rmSync(kept, { recursive: true, force: true });
    const people = await seedInto({ FORMSIGN_DATA: kept, DATABASE_URL: '' }, forms);
    await import('node:fs/promises').then((fs) => fs.writeFile(join(kept, 'seeded.json'), JSON.stringify(people)));
  }
  const people = JSON.parse(readFileSync(join(kept, 'seeded.json'), 'utf8')) as Seeded;
  const folder = mkdtempSync(join(tmpdir(), 'formsign-bench-'));
  cpSync(kept, folder, { recursive: true });
  return {
    target: {
      name: `embedded (PGlite), ${forms.toLocaleString('en-GB')} forms`,
      env: { FORMSIGN_DATA: folder, DATABASE_URL: '' },
      cleanup: async () => rmSync(folder, { recursive: true, force: true }),
    },
    people,
  };
}

function urlOf(database: string): string {
  const url = new URL(postgresUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function postgresTarget(forms: number): Promise<{ target: Target; people: Seeded } | null> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL does not answer at ${postgresUrl}: its run is left out.`);
    return null;
  }
  try {
    const template = `formsign_benchtpl_${forms}_${migrationLevel()}`.slice(0, 63);
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [template])).rowCount === 1;
    if (fresh || !exists) {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.query(`create database ${template}`);
      const scratch = mkdtempSync(join(tmpdir(), 'formsign-bench-seed-'));
      try {
        await seedInto({ DATABASE_URL: urlOf(template), FORMSIGN_DATA: scratch }, forms);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    }
    const name = `formsign_bench_${Date.now()}`;
    const data = mkdtempSync(join(tmpdir(), 'formsign-bench-pg-'));
    await admin.query(`create database ${name} template ${template}`);
    const company = new pg.Client({ connectionString: urlOf(name) });
    await company.connect();
    const first = await company.query<{ id: number }>(`select min(id) as id from companies where name like 'Bench Organisation%'`);
    await company.end();
    return {
      target: {
        name: `PostgreSQL 15, ${forms.toLocaleString('en-GB')} forms`,
        env: { DATABASE_URL: urlOf(name), FORMSIGN_DATA: data },
        async cleanup() {
          const client = new pg.Client({ connectionString: postgresUrl });
          await client.connect();
          await client.query(`drop database if exists ${name} with (force)`);
          await client.end();
          rmSync(data, { recursive: true, force: true });
        },
      },
      people: benchPeople(first.rows[0]?.id ?? 2),
    };
  } finally {
    await admin.end();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port'))));
    });
  });
}

function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=@formsign/source', '--import', 'tsx', main], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      FORMSIGN_WEB_ROOT: join(tmpdir(), 'no-web-build'), // No job worker: the lists are measured alone.
      FORMSIGN_WORKER: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The server did not start in 60 s.')), 60_000);
    const ready = async (): Promise<void> => {
      for (;;) {
        try {
          const answer = await fetch(`http://127.0.0.1:${port}/api/get-strings?cid=1`, { method: 'POST' });
          if (answer.status === 200) break;
        } catch {
          // Not listening yet.
        }
        await new Promise((wait) => setTimeout(wait, 200));
      }
      clearTimeout(timer);
      resolve(child);
    };
    child.on('exit', (code) => reject(new Error(`The server stopped (${code}).`)));
    void ready();
  });
}

/** The peak resident memory of a process, in MB (Linux). */
function peakMemory(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

interface Measured {
  call: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function drive(base: string, token: string, call: Call, perSecond: number): Promise<Measured> {
  const result = await autocannon({
    url: `${base}${call.path}`,
    method: call.method,
    connections: 20,
    overallRate: perSecond,
    duration: seconds,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', cookie: 'XSRF-TOKEN=bench', 'x-xsrf-token': 'bench' },
    ...(call.body ? { body: JSON.stringify(call.body) } : {}),
  });
  return { call: call.name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Asked as the basic user (else as the administrator). */
  basic?: boolean;
}

/**
 * The Workflow's last page of 20: from its total when exact; else (the total is a lower
 * bound past the count's cap) by halving between a page that has rows and one that has none.
 */
async function lastWorkflowPage(base: string, token: string): Promise<number> {
  const page = async (n: number) =>
    (await (await fetch(`${base}/api/workflow?limit=20&page=${n}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      total: number;
      total_exact: boolean;
      data: unknown[];
    };
  const first = await page(1);
  if (first.total_exact) return Math.max(1, Math.ceil(first.total / 20));
  let full = Math.ceil(first.total / 20);
  let empty = full * 2;
  while ((await page(empty)).data.length > 0) {
    full = empty;
    empty *= 2;
  }
  while (empty - full > 1) {
    const middle = Math.floor((full + empty) / 2);
    if ((await page(middle)).data.length > 0) full = middle;
    else empty = middle;
  }
  return full;
}

/** The list calls, with the Workflow's last page. */
function listCalls(lastWorkflowPage: number): Call[] {
  return [
    { name: 'workflow', method: 'GET', path: '/api/workflow?limit=20' },
    { name: 'workflow in progress', method: 'GET', path: '/api/workflow?limit=20&filters[status]=in_progress' },
    { name: 'workflow page 200', method: 'GET', path: '/api/workflow?limit=20&page=200' },
    { name: `workflow last page`, method: 'GET', path: `/api/workflow?limit=20&page=${lastWorkflowPage}` },
    { name: 'workflow sorted by title', method: 'GET', path: '/api/workflow?limit=20&filters[sort]=title&filters[order]=asc' },
    { name: 'workflow search', method: 'GET', path: '/api/workflow?limit=20&filters[search]=Leave' },
    { name: 'workflow basic user', method: 'GET', path: '/api/workflow?limit=20', basic: true },
    { name: 'pending-form', method: 'GET', path: '/api/pending-form?limit=20' },
    { name: 'completed-forms', method: 'GET', path: '/api/completed-forms?limit=20' },
    { name: 'completed-forms search', method: 'GET', path: '/api/completed-forms?limit=20&filters[search]=Leave' },
    { name: 'completed-forms basic user', method: 'GET', path: '/api/completed-forms?limit=20', basic: true },
    { name: 'fetch-logs user', method: 'GET', path: '/api/fetch-logs?limit=20&filters[source]=user' },
    { name: 'fetch-logs system', method: 'GET', path: '/api/fetch-logs?limit=20&filters[source]=system' },
    { name: 'fetch-formaudit', method: 'GET', path: '/api/fetch-formaudit?limit=20' },
    { name: 'database-forms', method: 'GET', path: '/api/database-forms?limit=20' },
    { name: 'database-forms count', method: 'GET', path: '/api/database-forms?limit=20&func=count' },
    { name: 'get-alldocuments', method: 'GET', path: '/api/get-alldocuments?limit=20' },
    { name: 'get-exports', method: 'GET', path: '/api/get-exports?filters[from]=2099-01-01' },
    { name: 'manage-storage', method: 'GET', path: '/api/manage-storage?limit=20' },
    { name: 'users', method: 'POST', path: '/api/users', body: { page: 1, limit: 20 } },
  ];
}
const dashboard: Call = { name: 'get-dashboard', method: 'POST', path: '/api/get-dashboard', body: { selectedChart: 'formsPerMonth' } };

async function signIn(base: string, name: string): Promise<string> {
  const answer = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'formsign-demo', challenge: false }),
  });
  const body = (await answer.json()) as { token?: string };
  if (!body.token) throw new Error(`${name} could not sign in (${answer.status}).`);
  return body.token;
}

async function bench({ target, people }: { target: Target; people: Seeded }): Promise<void> {
  console.log(`\n== ${target.name}`);
  const port = await freePort();
  const server = await startServer(target.env, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    const tokens = { admin: await signIn(base, people.admin), basic: await signIn(base, people.basic) };
    const lists = listCalls(await lastWorkflowPage(base, tokens.admin)).filter((call) => !chosenCalls || chosenCalls.includes(call.name));
    const drives = (call: Call, perSecond: number) => drive(base, call.basic ? tokens.basic : tokens.admin, call, perSecond);
    const withDashboard = !chosenCalls || chosenCalls.includes('dashboard');
    // Warm up every call once.
    for (const call of [...lists, ...(withDashboard ? [dashboard] : [])]) await drives(call, 50);
    const rows: Measured[] = [];
    for (const call of lists) rows.push(await drives(call, rate));
    if (withDashboard) {
      // The Workflow while the dashboard is asked for beside it.
      const workflow = listCalls(1)[0] as Call;
      const [busy, charts] = await Promise.all([drives(workflow, rate), drives(dashboard, 20)]);
      rows.push({ ...busy, call: `${busy.call} beside the dashboard` }, charts);
    }
    console.log(`\n| ${target.name} | requests/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|`);
    for (const row of rows) console.log(`| ${row.call} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.errors} |`);
    console.log(`Server peak memory: ${peakMemory(server.pid ?? 0).toFixed(0)} MB (target rate ${rate}/s, ${seconds} s each).`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await target.cleanup();
  }
}

if (only !== 'postgres') await bench(await embeddedTarget(formsFor('embedded')));
if (only !== 'embedded') {
  const postgres = await postgresTarget(formsFor('postgres'));
  if (postgres) await bench(postgres);
}
