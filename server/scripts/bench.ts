/**
 * `npm run bench:server`: how the lists hold up at scale. Seeds BENCH_FORMS forms (100,000 by
 * default) into a new embedded database and, when PostgreSQL answers at BENCH_DATABASE_URL
 * (default: the machine's 127.0.0.1:5432), into a new PostgreSQL database; starts the server
 * on each as its own process; and drives the list calls (a page of 20 with a filter) with
 * autocannon from this process at BENCH_RATE requests per second (500 by default). Prints
 * requests per second, p50 and p99 latency, and the server's peak memory; then the same list
 * while the dashboard is asked for alongside, since a heavy query must not stall the others.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { seedForms } from './seed.js';

const forms = Number(process.env['BENCH_FORMS'] ?? 100_000);
const rate = Number(process.env['BENCH_RATE'] ?? 500);
const seconds = Number(process.env['BENCH_SECONDS'] ?? 10);
const postgresUrl = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

interface Target {
  name: string;
  env: Record<string, string>;
  cleanup(): Promise<void>;
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

async function embeddedTarget(): Promise<Target> {
  const folder = mkdtempSync(join(tmpdir(), 'formsign-bench-'));
  return {
    name: 'embedded (PGlite)',
    env: { FORMSIGN_DATA: folder, DATABASE_URL: '' },
    cleanup: async () => rmSync(folder, { recursive: true, force: true }),
  };
}

async function postgresTarget(): Promise<Target | null> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL does not answer at ${postgresUrl}: its run is left out.`);
    return null;
  }
  const name = `formsign_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    name: 'PostgreSQL 15',
    env: { DATABASE_URL: url.toString(), FORMSIGN_DATA: mkdtempSync(join(tmpdir(), 'formsign-bench-pg-')) },
    async cleanup() {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=@formsign/source', '--import', 'tsx', main], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      FORMSIGN_WEB_ROOT: join(tmpdir(), 'no-web-build'), // The seeded forms have no seals: no worker, so the lists are measured alone.
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

async function drive(
  base: string,
  token: string,
  call: { name: string; method: 'GET' | 'POST'; path: string; body?: unknown },
  perSecond: number,
): Promise<Measured> {
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

const lists = [
  { name: 'workflow', method: 'GET' as const, path: '/api/workflow?limit=20&filters[status]=in_progress' },
  { name: 'pending-form', method: 'GET' as const, path: '/api/pending-form?limit=20' },
  { name: 'completed-forms', method: 'GET' as const, path: '/api/completed-forms?limit=20&filters[search]=Leave' },
  { name: 'fetch-logs', method: 'GET' as const, path: '/api/fetch-logs?limit=20&filters[source]=user' },
];
const dashboard = { name: 'get-dashboard', method: 'POST' as const, path: '/api/get-dashboard', body: { selectedChart: 'formsPerMonth' } };

async function bench(target: Target): Promise<void> {
  console.log(`\n== ${target.name}: seeding ${forms.toLocaleString('en-GB')} forms`);
  Object.assign(process.env, target.env);
  const seeded = await seedForms(forms, undefined, () => undefined);
  console.log(`Seeded in ${seeded.seconds.toFixed(0)} s.`);
  const port = await freePort();
  const server = await startServer(target.env, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    const login = (await (
      await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: seeded.organisations[0]?.admin, password: 'formsign-demo', challenge: false }),
      })
    ).json()) as { token: string };
    // Warm up every call once.
    for (const call of [...lists, dashboard]) await drive(base, login.token, call, 50);
    const rows: Measured[] = [];
    for (const call of lists) rows.push(await drive(base, login.token, call, rate));
    // The list again while the dashboard is asked for beside it.
    const [busy, charts] = await Promise.all([drive(base, login.token, lists[0] ?? dashboard, rate), drive(base, login.token, dashboard, 20)]);
    rows.push({ ...busy, call: `${busy.call} beside the dashboard` }, charts);
    console.log(`\n| ${target.name} | requests/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|`);
    for (const row of rows) console.log(`| ${row.call} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.errors} |`);
    console.log(`Server peak memory: ${peakMemory(server.pid ?? 0).toFixed(0)} MB (target rate ${rate}/s, ${seconds} s each).`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await target.cleanup();
  }
}

await bench(await embeddedTarget());
const postgres = await postgresTarget();
if (postgres) await bench(postgres);
