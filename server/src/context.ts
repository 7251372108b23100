/**
 * What every area of the server is given: the database, the configuration, the keys, the
 * password hasher, the mail sender, the file workers, the client of other systems and the
 * clock. Tests build one with their own clock and mail catcher.
 *
 * `ServerContext` is the whole; no one takes it whole. An area's handler factory and each use
 * case take the part they use, named (`Pick<ServerContext, 'db' | 'now' | 'mail'>`), so what a
 * piece of the server can reach is read from its signature. Jobs take a `JobContext`: the
 * same, with the mail server itself.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Passwords } from './auth/passwords.js';
import type { Keys } from './auth/keys.js';
import type { ServerConfig } from './config.js';
import type { Database } from './db/database.js';
import type { FileStore } from './files/file-store.js';
import type { FileWork } from './files/file-work.js';
import type { OutboundClient } from './http/outbound.js';
import type { EnqueueOptions, Jobs } from './jobs/job.js';
import type { SigningIdentity } from './sealing/certificates.js';
import type { MailMessage, Mailer } from './mail/mailer.js';

export interface Mail {
  /**
   * Queues a message for the mail server (tried again while it refuses); rejects when it cannot
   * be queued. With `tx`, the message is queued in the transaction of the change that causes
   * it. Queued is not sent: what a person is told of it says it is on its way.
   */
  send(message: MailMessage, options?: EnqueueOptions): Promise<void>;
  /**
   * Hands a message to the mail server now; resolves once the server took it, rejects when it
   * refused. For a message the person is told has been sent, and waits for (a code, a link).
   */
  sendNow(message: MailMessage): Promise<void>;
  /** Queues many messages at once (a bulk send's invitations). */
  sendAll(messages: readonly MailMessage[], options?: EnqueueOptions): Promise<void>;
}

export interface ServerContext {
  db: Database;
  config: ServerConfig;
  keys: Keys;
  passwords: Passwords;
  mail: Mail;
  files: FileStore;
  /** The job queue: sealing, delivery and mail run there, and the scheduled housekeeping. */
  jobs: Jobs;
  /** Reading and making files off the thread that answers requests (worker threads, each task within a time and memory budget). */
  fileWork: FileWork;
  /** The one client of requests to other systems (webhooks, the timestamp authority): public addresses only, unless the operator allows more. */
  outbound: OutboundClient;
  /** The instance's signing certificate (made on first use). */
  signing: () => Promise<SigningIdentity>;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * What a job is given: the server's context and the mail server itself. The job that sends a
 * queued message (`send-mail`) hands it to the mail server, and so does an email integration's
 * delivery (`deliver-form`), whose outcome is the mail server's answer; everyone else queues
 * mail through `mail`.
 */
export interface JobContext extends ServerContext {
  mailer: Pick<Mailer, 'send'>;
}
