/**
 * One server per test file, on its own copy of the template database, answering through
 * `inject` (no sockets). Every answer is checked against the contract as it goes out; a test
 * that received an answer the contract does not allow fails.
 */
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { pino } from 'pino';
import { loadDocument } from '@formsign/openapi';
import { responseChecker } from '@formsign/openapi/schema-validator';
import { buildApp } from '../../src/app.js';
import { keysFrom } from '../../src/auth/keys.js';
import { passwords } from '../../src/auth/passwords.js';
import { readConfig, type ServerConfig } from '../../src/config.js';
import type { JobContext, Mail } from '../../src/context.js';
import type { OpenDatabase } from '../../src/db/database.js';
import type { RateLimit, RateLimits } from '../../src/http/rate-limits.js';
import type { MailMessage } from '../../src/mail/mailer.js';
import { memoryFileStore } from '../../src/files/file-store.js';
import { fileWork, type FileWork } from '../../src/files/file-work.js';
import { outboundClient } from '../../src/http/outbound.js';
import type { JobData, JobName } from '../../src/jobs/job.js';
import { serverJobs } from '../../src/jobs-list.js';
import { loadSigningIdentity } from '../../src/sealing/certificates.js';
import { once } from '../../src/server.js';
import { cloneTemplate, testDatabaseKind, testPasswordCost } from './test-databases.js';
import { testJobs, type TestJobs } from './test-jobs.js';

const document = loadDocument();
const checkResponse = responseChecker(document);

/**
 * The file workers, one pool for every file a test worker runs, as a server keeps one for its
 * life: a worker thread costs a second or two of a core to start (its modules, PDF.js), more
 * than most files' tasks. The pool ends its threads when idle, and with the process.
 */
let sharedFileWork: FileWork | undefined;

export class TestClock {
  private offset = 0;
  now = (): Date => new Date(Date.now() + this.offset);
  /** Moves time forward (the server's clock only). */
  advance(ms: number): void {
    this.offset += ms;
  }
  reset(): void {
    this.offset = 0;
  }
}

/**
 * An answer's parsed body. Untyped on purpose: the contract check validates every answer, and
 * the tests read its fields as a client would.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Answer<T = Json> {
  status: number;
  body: T;
  text: string;
  /** The body's bytes (a PDF, say). */
  raw: Buffer;
  headers: Record<string, string | string[] | undefined>;
  cookies: Record<string, string>;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** A raw payload (not JSON-encoded). */
  payload?: string | Buffer;
  contentType?: string;
  query?: string;
  token?: string | null;
  /** Send the XSRF pair (true by default when a token is sent). */
  xsrf?: boolean;
  ip?: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
}

export interface SignedIn {
  token: string;
  refreshToken: string;
  body: Json;
}

export interface FailedJob {
  name: JobName;
  error: unknown;
}

export interface TestServer {
  app: FastifyInstance;
  /** The server's context, as its jobs are given it (with the mail server itself). */
  ctx: JobContext;
  database: OpenDatabase;
  clock: TestClock;
  /** Every message sent so far. */
  mail: MailMessage[];
  /** Jobs that failed (they do not fail the request that queued them). */
  failedJobs: FailedJob[];
  config: ServerConfig;
  /** Calls `/api<path>`. */
  call<T = Json>(path: string, options?: CallOptions): Promise<Answer<T>>;
  /** Signs in with a password (and no second factor); fails the test otherwise. */
  signIn(name: string, password?: string): Promise<SignedIn>;
  /** Runs the jobs queued in committed transactions (each call does it after answering). */
  flushJobs(): Promise<void>;
  /**
   * Runs a job now with the test's clock (a scheduled one needs no data): move the clock, then
   * run it, instead of waiting for its hour. Rejects when the job fails.
   */
  runJob<K extends JobName>(name: K, ...data: JobData[K] extends Record<string, never> ? [] : [JobData[K]]): Promise<unknown>;
  /** The contract breaches seen so far (the suite fails on any). */
  breaches: string[];
}

export interface TestServerOptions {
  rateLimits?: RateLimits;
  /** The limit of calls per API key (the server's default when absent). */
  apiKeyLimit?: RateLimit;
  /** Make mail fail, to reach the delivery-failure outcomes. */
  mailFails?: () => boolean;
  /** Environment variables read into the configuration beside the suite's own (`FORMSIGN_PAYMENTS=test`, which `undefined` removes). */
  env?: Record<string, string | undefined>;
}

const generousLimits: RateLimits = {};

function cookiesOf(setCookie: string | string[] | undefined): Record<string, string> {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return Object.fromEntries(list.map((line) => (line.split(';')[0] ?? '').split('=')).map(([name = '', ...rest]) => [name, rest.join('=')]));
}

export function useTestServer(options: TestServerOptions = {}): TestServer {
  const server = { breaches: [] as string[], mail: [] as MailMessage[], failedJobs: [] as FailedJob[], clock: new TestClock() } as TestServer;

  beforeAll(async () => {
    const template = inject('formsignTemplate');
    // The run's database is the one its project names: a run said to be on PostgreSQL is.
    if (template.kind !== testDatabaseKind()) throw new Error(`This run is on ${testDatabaseKind()}, but its template is ${template.kind}.`);
    const database = await cloneTemplate(template);
    // The jobs' handlers are made with the context below, which queues them.
    const jobs: TestJobs = await testJobs(
      database,
      () => jobList,
      (error, name) => server.failedJobs.push({ name, error }),
    );
    const config = {
      ...readConfig({ FORMSIGN_SECRET: template.secret, FORMSIGN_PUBLIC_URL: 'http://formsign.test', FORMSIGN_PAYMENTS: 'test', ...options.env }),
      demo: false,
    };
    // What the mail server receives: the messages sent so far.
    const mailer: JobContext['mailer'] = {
      async send(message) {
        if (options.mailFails?.()) throw new Error('The mail server is not answering.');
        server.mail.push(message);
      },
    };
    // Mail is queued, in the transaction of the change that causes it when there is one, as
    // `npm start` queues it (a test's queue runs a job at once, or once its change commits).
    const mail: Mail = {
      send: (message, queued) => jobs.enqueue('send-mail', message, queued),
      sendNow: (message) => mailer.send(message),
      sendAll: async (messages, queued) => {
        for (const message of messages) await mail.send(message, queued);
      },
    };
    const keys = keysFrom(template.secret);
    // The jobs' context too (with the mail server itself): a test that changes a part of it changes it for its jobs.
    const ctx: JobContext = {
      db: database.db,
      config,
      keys,
      passwords: passwords(testPasswordCost),
      mail,
      files: memoryFileStore(),
      // Jobs run in this process as soon as their step is committed (the queue itself has its own tests).
      jobs: {
        enqueue: (name, data, queued) => jobs.enqueue(name, data, queued),
        enqueueAll: (name, list, queued) => jobs.enqueueAll(name, list, queued),
      },
      fileWork: (sharedFileWork ??= fileWork()),
      outbound: outboundClient({ allow: config.outboundAllow }),
      signing: once(() => loadSigningIdentity(database.db, keys, { name: 'formsign' })),
      now: server.clock.now,
      log: pino({ level: process.env['TEST_LOG'] ?? 'silent' }),
      mailer,
    };
    const jobList = serverJobs(ctx);
    const app = await buildApp(ctx, { webRoot: null, rateLimits: options.rateLimits ?? generousLimits, apiKeyLimit: options.apiKeyLimit });
    app.addHook('onSend', async (request, reply, payload) => {
      const operationId = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
      if (!operationId) return payload;
      const body =
        typeof payload === 'string'
          ? payload
          : Buffer.isBuffer(payload)
            ? payload.toString('utf8')
            : payload === null || payload === undefined
              ? ''
              : '<stream>';
      const problems = checkResponse({ operationId, status: reply.statusCode, contentType: String(reply.getHeader('content-type') ?? ''), body });
      server.breaches.push(...problems);
      return payload;
    });
    await app.ready();
    const runJob = (name: JobName, data?: unknown) => jobs.run(name, (data ?? {}) as never);
    Object.assign(server, { app, ctx, database, config, flushJobs: () => jobs.flush(), runJob });
  }, 60_000);

  afterEach(() => {
    const breaches = server.breaches.splice(0);
    const failed = server.failedJobs.splice(0).map(({ name, error }) => `${name}: ${error instanceof Error ? error.message : String(error)}`);
    server.clock.reset();
    expect(breaches, 'answers the contract does not allow').toEqual([]);
    expect(failed, 'jobs that failed (a test that expects one takes it from failedJobs)').toEqual([]);
  });

  afterAll(async () => {
    await server.app?.close();
    await server.database?.close();
  });

  server.call = async (path, call = {}) => {
    const headers: Record<string, string> = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) formsign-tests', ...call.headers };
    const cookies: Record<string, string> = { ...call.cookies };
    if (call.token) {
      headers['authorization'] = `Bearer ${call.token}`;
      if (call.xsrf !== false) {
        cookies['XSRF-TOKEN'] = 'test-xsrf-value';
        headers['x-xsrf-token'] = 'test-xsrf-value';
      }
    }
    const request: InjectOptions = {
      method: call.method ?? 'POST',
      url: `/api${path}${call.query ? `?${call.query}` : ''}`,
      headers,
      cookies,
      remoteAddress: call.ip ?? '127.0.0.1',
    };
    if (call.payload !== undefined) {
      request.payload = call.payload;
      headers['content-type'] = call.contentType ?? 'application/json';
    } else if (call.body !== undefined) {
      request.payload = JSON.stringify(call.body);
      headers['content-type'] = call.contentType ?? 'application/json';
    }
    const response = await server.app.inject(request);
    // What the call queued in its transactions runs now that they are committed.
    await server.flushJobs();
    let body: unknown = response.body;
    try {
      body = JSON.parse(response.body);
    } catch {
      // Not JSON: keep the text.
    }
    return {
      status: response.statusCode,
      body,
      text: response.body,
      raw: response.rawPayload,
      headers: response.headers,
      cookies: cookiesOf(response.headers['set-cookie']),
    } as Answer;
  };

  server.signIn = async (name, password = 'formsign-demo') => {
    const answer = await server.call('/login', { body: { name, password, challenge: false } });
    expect(answer.body.code, `${name} signs in`).toBe(1);
    return { token: answer.body.token as string, refreshToken: String(answer.headers['refresh-token']), body: answer.body };
  };

  return server;
}
