/**
 * `npm run bench:load`: the server under a mixed load, as people use it. Seeds BENCH_FORMS
 * forms (25,000 on the embedded database, 100,000 on PostgreSQL by default) with `seedForms`,
 * adds a form to sign and a form to approve to the first organisation, starts the server as its
 * own process (its job worker on: mail goes to the outbox and completed forms are sealed in the
 * background), and sends LOAD_RATE requests a second (200) for LOAD_SECONDS (60), whatever the
 * answers' pace: sign-ins, sends, signing by the mailed link, approvals, the lists (workflow,
 * pending, completed) and the dashboard. Prints, per kind of call and overall, the count, p50,
 * p99 and errors, and the server's peak memory. Before the mix, each kind of call runs alone
 * (LOAD_COST requests, 100 by default; 0 leaves it out) and the bench prints what one costs: the
 * server's CPU time and the database's (PostgreSQL's processes; the embedded one is the server's
 * thread), background work it causes included (a signature's seal, a send's mail). That says
 * which calls a mixed load can afford, and where to cut. BENCH_ONLY=embedded|postgres runs one
 * database; PostgreSQL is the one at BENCH_DATABASE_URL (the machine's 127.0.0.1:5432 by default).
 * LOAD_PROFILE=<folder> has the server write a CPU profile of each of its threads there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { readConfig } from '../src/config.js';
import { companies, templates, users } from '../src/db/schema.js';
import { openDatabase } from '../src/server.js';
import { seedForms } from './seed.js';

const only = process.env['BENCH_ONLY'];
const rate = Number(process.env['LOAD_RATE'] ?? 200);
const seconds = Number(process.env['LOAD_SECONDS'] ?? 60);
const postgresUrl = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const password = 'formsign-demo';
const costRequests = Number(process.env['LOAD_COST'] ?? 100);
/** A folder: the server writes a CPU profile of each of its threads there when it stops (Node's --cpu-prof). */
const profileFolder = process.env['LOAD_PROFILE'];
/** People who sign in during the run (each signs in a few times a minute at most). */
const signInPeople = Math.max(50, Math.ceil((rate * seconds * 4) / 100 / 4));

interface Target {
  name: string;
  forms: number;
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

function embeddedTarget(): Target {
  const folder = mkdtempSync(join(tmpdir(), 'formsign-load-'));
  return {
    name: 'embedded (PGlite)',
    forms: Number(process.env['BENCH_FORMS'] ?? 25_000),
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
  const name = `formsign_load_${Date.now()}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const folder = mkdtempSync(join(tmpdir(), 'formsign-load-pg-'));
  return {
    name: 'PostgreSQL',
    forms: Number(process.env['BENCH_FORMS'] ?? 100_000),
    env: { DATABASE_URL: url.toString(), FORMSIGN_DATA: folder },
    async cleanup() {
      rmSync(folder, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

interface Prepared {
  organisation: number;
  admin: { name: string; id: number };
  signers: string[];
  signTemplate: number;
  approveTemplate: number;
}

/** The first organisation gets a one-signer form and a one-approver form, and envelopes enough for every send. */
async function prepare(organisation: number, admin: string): Promise<Prepared> {
  const database = await openDatabase(readConfig());
  try {
    const db = database.db;
    const [adminRow] = await db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(and(eq(users.companyId, organisation), eq(users.name, admin)));
    if (!adminRow) throw new Error(`No administrator ${admin}.`);
    // Sign-ins are spread over many people, as they are in an organisation: the server counts
    // every attempt on an account before checking its password (five at most in a window), so
    // a handful of accounts signing in several times at once would be refused, rightly.
    const now = new Date();
    await db.insert(users).values(
      Array.from({ length: signInPeople }, (_, index) => ({
        companyId: organisation,
        name: `load.person.${organisation}.${index}`,
        email: `load.person.${organisation}.${index}@bench.example`,
        passwordHash: adminRow.passwordHash,
        passwordChangedAt: now,
        firstName: 'Load',
        lastName: `Person ${index}`,
        role: 'basic' as const,
        class: 'Staff',
        activatedAt: now,
      })),
    );
    const people = await db
      .select({ name: users.name })
      .from(users)
      .where(and(eq(users.companyId, organisation), like(users.name, 'load.person.%')));
    const [sign] = await db
      .insert(templates)
      .values({
        companyId: organisation,
        title: 'Load Acknowledgement',
        fields: [
          { name: 'answer', label: 'Your answer', type: 'text', required: true, step: 1 },
          { name: 'signature', label: 'Signature', type: 'signature', required: true, step: 1 },
        ],
        steps: [{ label: 'Signer', action: 'sign', userId: null }],
        sequential: true,
      })
      .returning({ id: templates.id });
    const [approve] = await db
      .insert(templates)
      .values({
        companyId: organisation,
        title: 'Load Approval',
        fields: [{ name: 'note', label: 'Note', type: 'text', required: false, step: 0 }],
        steps: [{ label: 'Manager', action: 'approve', userId: null }],
        sequential: true,
      })
      .returning({ id: templates.id });
    if (!sign || !approve) throw new Error('The templates were not made.');
    await db
      .update(companies)
      .set({ envelopesBought: sql`${companies.envelopesBought} + ${rate * seconds + 10_000}` })
      .where(eq(companies.id, organisation));
    return {
      organisation,
      admin: { name: admin, id: adminRow.id },
      signers: people.map((person) => person.name),
      signTemplate: sign.id,
      approveTemplate: approve.id,
    };
  } finally {
    await database.close();
  }
}

function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const profile = profileFolder ? ['--cpu-prof', `--cpu-prof-dir=${profileFolder}`] : [];
  const child = spawn(process.execPath, [...profile, '--conditions=@formsign/source', '--import', 'tsx', main], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      FORMSIGN_WEB_ROOT: join(tmpdir(), 'no-web-build'),
      FORMSIGN_PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Every simulated person has an address of their own (X-Forwarded-For), so that the
      // sign-in limit per address counts people, as it would in front of a proxy.
      TRUST_PROXY: '1',
      FORMSIGN_WORKER: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error('The server did not start in 300 s.'));
    }, 300_000);
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

/** Clock ticks a second in /proc's times (Linux's USER_HZ, 100 everywhere it runs). */
const ticksPerSecond = 100;

/** CPU time a process has used, threads included, in ms (Linux: utime + stime of /proc/<pid>/stat). */
function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return 0;
  }
}

/** CPU time all PostgreSQL processes of this machine have used, in ms (the bench's database is the only busy one). */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += processCpuMs(Number(entry));
    } catch {
      // The process ended.
    }
  }
  return total;
}

/** Signing links from the outbox's mails (quoted-printable undone), each taken once. */
function linkReader(outbox: string): () => { pageId: string; token: string }[] {
  const seen = new Set<string>();
  return () => {
    let files: string[] = [];
    try {
      files = readdirSync(outbox);
    } catch {
      return [];
    }
    const links: { pageId: string; token: string }[] = [];
    for (const file of files) {
      if (seen.has(file) || !file.endsWith('.eml')) continue;
      seen.add(file);
      const text = readFileSync(join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/gi, '=');
      const match = /\/web-signing\/([A-Za-z0-9_-]+)\?token=([A-Za-z0-9_.-]+)/.exec(text);
      if (match?.[1] && match[2]) links.push({ pageId: match[1], token: match[2] });
    }
    return links;
  };
}

type Kind = 'sign-in' | 'send' | 'sign' | 'approve' | 'workflow' | 'pending' | 'completed' | 'dashboard';

/** The mix, in requests out of 100. */
const mix: [Kind, number][] = [
  ['sign-in', 4],
  ['send', 10],
  ['sign', 8],
  ['approve', 6],
  ['workflow', 22],
  ['pending', 20],
  ['completed', 20],
  ['dashboard', 10],
];

interface Outcome {
  ms: number;
  ok: boolean;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function bench(target: Target): Promise<void> {
  console.log(`\n== ${target.name}: seeding ${target.forms.toLocaleString('en-GB')} forms`);
  mkdirSync(target.env['FORMSIGN_DATA'] ?? tmpdir(), { recursive: true });
  Object.assign(process.env, target.env);
  const seeded = await seedForms(target.forms, undefined, () => undefined);
  console.log(`Seeded in ${seeded.seconds.toFixed(0)} s.`);
  const first = seeded.organisations[0];
  if (!first) throw new Error('No organisation was seeded.');
  const prepared = await prepare(first.id, first.admin);
  const port = await freePort();
  const server = await startServer(target.env, port);
  const base = `http://127.0.0.1:${port}`;
  const nextLinks = linkReader(join(target.env['FORMSIGN_DATA'] ?? '', 'outbox'));
  const xsrf = { cookie: 'XSRF-TOKEN=load', 'x-xsrf-token': 'load' };
  // Why calls were refused, to tell a slow server from a bench that asks wrongly.
  const refusals = new Map<string, number>();
  let address = 0;
  const from = () => {
    address += 1;
    return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  };

  const call = async (
    path: string,
    init: { method?: string; token?: string; body?: unknown } = {},
  ): Promise<{ status: number; body: Record<string, unknown> }> => {
    const answer = await fetch(`${base}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...xsrf,
        'x-forwarded-for': from(),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await answer.text();
    const body = text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (answer.status !== 200) {
      const reason = `${path.split('?')[0]} ${answer.status} ${String(body['code'] ?? '')} ${String(body['message'] ?? body['detail'] ?? '').slice(0, 80)}`;
      refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
    }
    return { status: answer.status, body };
  };
  const signIn = async (name: string): Promise<{ ok: boolean; token: string }> => {
    const answer = await call('/api/login', { body: { name, password, challenge: false } });
    return { ok: answer.status === 200 && answer.body['code'] === 1, token: String(answer.body['token'] ?? '') };
  };

  try {
    const admin = await signIn(prepared.admin.name);
    if (!admin.ok) throw new Error(`${prepared.admin.name} could not sign in.`);
    const toApprove: number[] = [];
    const toSign: { pageId: string; token: string }[] = [];
    let sent = 0;

    const send = async (approval: boolean): Promise<boolean> => {
      sent += 1;
      const recipient = approval
        ? { name: 'Load Approver', email: `${prepared.admin.name}@bench.example`, user_id: prepared.admin.id }
        : { name: `Load Signer ${sent}`, email: `load.signer.${sent}@mail.example` };
      const answer = await call('/api/send-form', {
        token: admin.token,
        body: { template: approval ? prepared.approveTemplate : prepared.signTemplate, recipients: [recipient], values: {} },
      });
      const ok = answer.status === 200 && answer.body['code'] === 1;
      if (ok && approval) toApprove.push(Number(answer.body['id']));
      return ok;
    };

    const run: Record<Kind, () => Promise<boolean>> = {
      'sign-in': async () => (await signIn(prepared.signers[address % prepared.signers.length] ?? prepared.admin.name)).ok,
      send: () => send(sent % 3 === 0),
      sign: async () => {
        toSign.push(...nextLinks());
        const link = toSign.shift();
        // No mailed link yet (the mail job has not run): a form is sent instead.
        if (!link) return send(false);
        const answer = await call('/api/websigning', {
          body: {
            function: 'submit',
            id: link.pageId,
            token: link.token,
            values: { answer: 'Read and agreed' },
            signature: { kind: 'typed', value: 'Load Signer' },
            consent: true,
          },
        });
        const status = (answer.body['data'] as { status?: string } | undefined)?.status;
        if (answer.status === 200 && status !== 'signed') {
          // Answered, but not signed: said with the answer's code and status, to tell why.
          const reason = `/api/websigning 200 code ${String(answer.body['code'] ?? '')} status ${String(status)} ${String(answer.body['message'] ?? '').slice(0, 80)}`;
          refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
        }
        return answer.status === 200 && status === 'signed';
      },
      approve: async () => {
        const id = toApprove.shift();
        if (id === undefined) return send(true);
        const answer = await call(`/api/workflow?id=${id}&disapprove=0&comment=fine`, { token: admin.token });
        return answer.status === 200;
      },
      workflow: async () => (await call('/api/workflow?limit=20&filters[status]=in_progress', { token: admin.token })).status === 200,
      pending: async () => (await call('/api/pending-form?limit=20', { token: admin.token })).status === 200,
      completed: async () => (await call('/api/completed-forms?limit=20&filters[search]=Leave', { token: admin.token })).status === 200,
      dashboard: async () => (await call('/api/get-dashboard', { token: admin.token, body: { selectedChart: 'formsPerMonth' } })).status === 200,
    };

    // Warm up: each kind once.
    for (const kind of Object.keys(run) as Kind[]) await run[kind]();

    if (costRequests > 0) {
      const pid = server.pid ?? 0;
      const withPostgres = Boolean(target.env['DATABASE_URL']);
      const cpu = () => ({ server: processCpuMs(pid), database: withPostgres ? postgresCpuMs() : 0 });
      const aSecond = async (): Promise<number> => {
        const before = cpu().server;
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return cpu().server - before;
      };
      // What the server spends in a second when nothing is asked of it (a profiler's sampling
      // under LOAD_PROFILE, else next to nothing): two seconds in a row within 10 ms of each
      // other, and under a fifth of a core (not the end of its start).
      let idle = await aSecond();
      for (let now = await aSecond(); Math.abs(now - idle) > 10 || now > 200; now = await aSecond()) idle = now;
      // Until the server has been idle for a second: what a call set going in the background is counted with it.
      const settle = async (): Promise<void> => {
        while ((await aSecond()) >= idle + 30);
      };
      console.log(
        `\n| ${target.name}: each kind alone (requests), 4 at a time | requests/s | server CPU ms a request | database CPU ms a request | not ok |\n|---|---|---|---|---|`,
      );
      await settle();
      for (const [kind] of mix) {
        // Signing and approving take what the sends before them made (a kind without any would send instead).
        toSign.push(...nextLinks());
        const count =
          kind === 'sign' ? Math.min(costRequests, toSign.length) : kind === 'approve' ? Math.min(costRequests, toApprove.length) : costRequests;
        if (count === 0) {
          console.log(`| ${kind} | none to do | | | |`);
          continue;
        }
        const before = cpu();
        const started = performance.now();
        let next = 0;
        let failed = 0;
        const lane = async (): Promise<void> => {
          while (next < count) {
            next += 1;
            if (!(await run[kind]().catch(() => false))) failed += 1;
          }
        };
        await Promise.all([lane(), lane(), lane(), lane()]);
        const elapsed = (performance.now() - started) / 1000;
        await settle();
        const after = cpu();
        console.log(
          `| ${kind} (${count}) | ${(count / elapsed).toFixed(0)} | ${((after.server - before.server) / count).toFixed(1)} | ${withPostgres ? ((after.database - before.database) / count).toFixed(1) : '(in the server)'} | ${failed} |`,
        );
      }
    }

    const outcomes = new Map<Kind, Outcome[]>(mix.map(([kind]) => [kind, []]));
    const deck = mix.flatMap(([kind, share]) => Array.from({ length: share }, () => kind));
    const total = rate * seconds;
    const started = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let n = 0; n < total; n += 1) {
      // Open loop: each request leaves at its time, whether or not the earlier ones are answered.
      const due = started + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const kind = deck[(n * 37) % deck.length] ?? 'workflow';
      const begun = performance.now();
      inFlight.push(
        run[kind]().then(
          (ok) => void outcomes.get(kind)?.push({ ms: performance.now() - begun, ok }),
          () => void outcomes.get(kind)?.push({ ms: performance.now() - begun, ok: false }),
        ),
      );
    }
    await Promise.all(inFlight);
    const elapsed = (performance.now() - started) / 1000;

    console.log(`\n| ${target.name}, ${target.forms.toLocaleString('en-GB')} forms | count | p50 ms | p99 ms | errors |\n|---|---|---|---|---|`);
    const all: Outcome[] = [];
    for (const [kind] of mix) {
      const list = outcomes.get(kind) ?? [];
      all.push(...list);
      const sorted = list.map((outcome) => outcome.ms).sort((a, b) => a - b);
      console.log(
        `| ${kind} | ${list.length} | ${percentile(sorted, 50).toFixed(0)} | ${percentile(sorted, 99).toFixed(0)} | ${list.filter((o) => !o.ok).length} |`,
      );
    }
    const sorted = all.map((outcome) => outcome.ms).sort((a, b) => a - b);
    console.log(
      `| overall | ${all.length} | ${percentile(sorted, 50).toFixed(0)} | ${percentile(sorted, 99).toFixed(0)} | ${all.filter((o) => !o.ok).length} |`,
    );
    for (const [reason, count] of [...refusals].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`Refused ${count}x: ${reason}`);
    console.log(
      `${(all.length / elapsed).toFixed(0)} requests/s over ${elapsed.toFixed(0)} s (target ${rate}/s for ${seconds} s); server peak memory ${peakMemory(server.pid ?? 0).toFixed(0)} MB.`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await target.cleanup();
  }
}

if (only !== 'postgres') await bench(embeddedTarget());
if (only !== 'embedded') {
  const postgres = await postgresTarget();
  if (postgres) await bench(postgres);
}
