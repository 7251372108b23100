/**
 * Starting and stopping the whole server: open the database (embedded in the data folder, or
 * PostgreSQL), migrate it, seed a new one, load the secret, choose the mail transport, build
 * the app and listen. Used by `npm start`, the browser tests and the benches.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.js';
import { keysFrom, loadSecret } from './auth/keys.js';
import { passwords as passwordHasher, type PasswordCost } from './auth/passwords.js';
import type { ServerConfig } from './config.js';
import type { ServerContext } from './context.js';
import { migrateDatabase, openEmbedded, openPostgres, type OpenDatabase } from './db/database.js';
import { refreshStatistics } from './db/statistics.js';
import { defaultFilesFolder, diskFileStore, s3FileStore } from './files/file-store.js';
import { fileWork } from './files/file-work.js';
import { outboundClient } from './http/outbound.js';
import type { Jobs } from './jobs/job.js';
import { startJobQueue, type RunningQueue } from './jobs/queue.js';
import { serverJobs } from './jobs-list.js';
import { outboxMailer, smtpMailer, type Mailer } from './mail/mailer.js';
import { loadSigningIdentity } from './sealing/certificates.js';
import { demoPassword } from './seed/demo.js';
import { seedFirstStart, type FirstStart } from './seed/first-start.js';

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  database: OpenDatabase;
  context: ServerContext;
  firstStart: FirstStart;
  stop(): Promise<void>;
}

export interface StartOptions extends Pick<AppOptions, 'rateLimits'> {
  logger?: Logger;
  /** Password hashing cost (the tests' own databases use a cheap one). */
  passwordCost?: PasswordCost;
  /** Do not listen (tests inject requests). */
  listen?: boolean;
  /** How often idle workers look for jobs (2 s by default). */
  jobPollingSeconds?: number;
}

/** A function whose promise is made once, on the first call. */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = null;
      throw error;
    });
    return made;
  };
}

export async function openDatabase(config: ServerConfig): Promise<OpenDatabase> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openEmbedded(config.dataDir);
}

function mailerFor(config: ServerConfig, log: Logger): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(join(config.dataDir, 'outbox'), config.mailFrom, log);
}

function describeFirstStart(log: Logger, firstStart: FirstStart, url: string): void {
  switch (firstStart.kind) {
    case 'demo':
      log.info(
        `A new database: the demo organisation Northwind Care Ltd was created. Sign in at ${url}/login with ${firstStart.demo.accounts
          .map((account) => `${account.name} (${account.role})`)
          .join(', ')}; the password of each is "${demoPassword}".`,
      );
      return;
    case 'administrator':
      log.info(`A new database: the first administrator "${firstStart.name}" was created. Sign in at ${url}/login.`);
      return;
    case 'empty':
      log.warn(
        `A new database with no accounts: register an organisation at ${url}/register, or restart with FORMSIGN_ADMIN_NAME, FORMSIGN_ADMIN_EMAIL and FORMSIGN_ADMIN_PASSWORD.`,
      );
      return;
    case 'existing':
      return;
  }
}

export async function startServer(config: ServerConfig, options: StartOptions = {}): Promise<RunningServer> {
  const log = options.logger ?? pino({ level: config.logLevel });
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database);
    // The embedded database has no autovacuum: a data folder copied or restored without its
    // statistics, or changed a lot since, is analyzed before the first request is planned.
    if (database.kind === 'embedded') {
      const analyzed = await refreshStatistics(database.db);
      if (analyzed.length > 0) log.info(`Planner statistics made for ${analyzed.length} table(s): ${analyzed.join(', ')}.`);
    }
    const passwords = passwordHasher(options.passwordCost);
    const now = () => new Date();
    const firstStart = await seedFirstStart(database.db, config, passwords, now());
    const keys = keysFrom(await loadSecret(database.db, config.secret));
    const mailer = mailerFor(config, log);
    const files = config.s3 ? s3FileStore(config.s3) : diskFileStore(defaultFilesFolder(config.dataDir));
    // Mail and seals go through the job queue, started once the context exists. Jobs left
    // over from the last run start as soon as its workers do, before the queue has answered:
    // what they queue in turn (a seal's mail) waits for it rather than failing.
    let queue: RunningQueue | null = null;
    let started: (queue: RunningQueue) => void = () => undefined;
    let failed: (error: unknown) => void = () => undefined;
    const starting = new Promise<RunningQueue>((resolve, reject) => ((started = resolve), (failed = reject)));
    starting.catch(() => undefined);
    const jobs: Jobs = {
      enqueue: async (name, data, options) => (queue ?? (await starting)).jobs.enqueue(name, data, options),
      enqueueAll: async (name, list, options) => (queue ?? (await starting)).jobs.enqueueAll(name, list, options),
    };
    const context: ServerContext = {
      db: database.db,
      config,
      keys,
      passwords,
      mail: {
        send: (message, options) => jobs.enqueue('send-mail', message, options),
        sendAll: (messages, options) => jobs.enqueueAll('send-mail', messages, options),
        sendNow: (message) => mailer.send(message),
      },
      files,
      jobs,
      fileWork: fileWork(),
      outbound: outboundClient({ allow: config.outboundAllow }),
      signing: once(() =>
        loadSigningIdentity(database.db, keys, { p12Path: config.signingP12, p12Password: config.signingPassword, name: 'formsign' }),
      ),
      now,
      log,
    };
    queue = await startJobQueue(database, serverJobs({ ...context, mailer }), log, {
      work: config.worker,
      ...(options.jobPollingSeconds ? { pollingIntervalSeconds: options.jobPollingSeconds } : {}),
    }).catch((error: unknown) => {
      failed(error);
      throw error;
    });
    started(queue);
    const webRoot = existsSync(join(config.webRoot, 'index.html')) ? config.webRoot : null;
    const app = await buildApp(context, { webRoot, ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}) });
    let url = config.publicUrl;
    if (options.listen !== false) {
      await app.listen({ port: config.port, host: config.host ?? '::' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      url = `http://localhost:${port}`;
      log.info(
        `formsign is at ${url} (database: ${database.kind === 'embedded' ? `embedded, in ${config.dataDir}` : 'PostgreSQL'}; files: ${files.description}; mail: ${mailer.description}${webRoot ? '' : '; no web app build, API only'})`,
      );
    } else {
      await app.ready();
    }
    describeFirstStart(log, firstStart, url);
    let stopped = false;
    return {
      url,
      app,
      database,
      context,
      firstStart,
      async stop() {
        if (stopped) return;
        stopped = true;
        await app.close();
        await queue?.stop();
        await context.fileWork.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
