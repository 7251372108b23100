/**
 * The server's configuration: environment variables with safe defaults for a laptop. The
 * README's configuration table lists the same names; `config.test.ts` keeps the two
 * in step.
 */
import { resolve } from 'node:path';
import type { S3Settings } from './files/file-store.js';
import { literalRefusal, parseOutboundAllow, type OutboundAllow } from './http/outbound.js';

export interface ServerConfig {
  /** The HTTP port (`PORT`, 8080). */
  port: number;
  /** The interface listened on (`HOST`); every interface when empty. */
  host: string | undefined;
  /** The data folder: the embedded database, the secret, the outbox, files (`FORMSIGN_DATA`, `./data`). */
  dataDir: string;
  /** A PostgreSQL server instead of the embedded database (`DATABASE_URL`). */
  databaseUrl: string | undefined;
  /** The secret that signs tokens and links (`FORMSIGN_SECRET`); generated once into the data folder when absent. */
  secret: string | undefined;
  /** The address people reach the app at, for links in emails (`FORMSIGN_PUBLIC_URL`). */
  publicUrl: string;
  /** Seeds the demo organisation into a new database (`FORMSIGN_DEMO`, on unless `0`). */
  demo: boolean;
  /** The first administrator when the demo is off (`FORMSIGN_ADMIN_NAME`, `_EMAIL`, `_PASSWORD`). */
  firstAdmin: { name: string; email: string; password: string } | undefined;
  /** SMTP for mail (`SMTP_URL`, e.g. `smtp://user:pass@mail.example:587`); the outbox folder when absent. */
  smtpUrl: string | undefined;
  /** The sender of mail (`MAIL_FROM`). */
  mailFrom: string;
  /** How long a sign-in token lasts, in seconds (`FORMSIGN_TOKEN_TTL`, 3600). */
  tokenTtlSeconds: number;
  /** How long a session can be renewed without signing in again, in days (`FORMSIGN_SESSION_DAYS`, 30). */
  sessionDays: number;
  /** The built web app served at the root (`FORMSIGN_WEB_ROOT`, `web/dist`); none when the folder is missing. */
  webRoot: string;
  /** Whether requests arrive through a proxy that sets X-Forwarded-For (`TRUST_PROXY`, off). */
  trustProxy: boolean;
  /** The log level (`LOG_LEVEL`, `info`). */
  logLevel: string;
  /** The external help FAQ page the header's help menu opens (`FORMSIGN_FAQ_URL`). */
  faqUrl: string;
  /** An organisation's own signing certificate (`FORMSIGN_SIGNING_P12`, a PKCS#12 file) and its password (`FORMSIGN_SIGNING_PASSWORD`). */
  signingP12: string | undefined;
  signingPassword: string | undefined;
  /** A timestamp authority for the seals (`FORMSIGN_TSA_URL`); none by default. */
  tsaUrl: string | undefined;
  /** Hosts and networks of an intranet that webhooks and the timestamp authority may reach beside the public internet (`FORMSIGN_OUTBOUND_ALLOW`); none by default. */
  outboundAllow: OutboundAllow;
  /** Whether this process works the job queue (`FORMSIGN_WORKER`, on unless `0`); off, it only queues jobs for other processes. */
  worker: boolean;
  /** Where messages to support go (`FORMSIGN_SUPPORT_EMAIL`, `support@formsign.local`). */
  supportEmail: string;
  /** The S3-compatible bucket files go to (`FORMSIGN_S3_*`); `<data>/files` when absent. */
  s3: S3Settings | undefined;
  /**
   * How many matching rows a list counts for its total (`FORMSIGN_LIST_COUNT_CAP`, 1,000); past
   * it the answer says the total is a lower bound, and the pages beyond are still reached.
   * Counting 1,001 rows costs well under a millisecond through an index and a few through a
   * search's or a person's own forms; 10,001 cost ten times that (tens of milliseconds for a
   * search of 100,000 forms), for a number no one pages through.
   */
  listCountCap: number;
  /**
   * How envelopes are paid for: Stripe Checkout (`STRIPE_SECRET_KEY` and `STRIPE_WEBHOOK_SECRET`,
   * with `STRIPE_API_URL` for a stand-in of Stripe's API), the test provider that takes no money
   * (`FORMSIGN_PAYMENTS=test`: the demo and the tests), or none: the instance's super user grants
   * envelopes to organisations.
   */
  payments: PaymentsSettings;
}

export type PaymentsSettings = { kind: 'stripe'; secretKey: string; webhookSecret: string; apiUrl: URL } | { kind: 'test' } | { kind: 'none' };

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}; it is "${raw}".`);
  }
  return value;
}

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function firstAdmin(env: Env): ServerConfig['firstAdmin'] {
  const name = text(env, 'FORMSIGN_ADMIN_NAME');
  const email = text(env, 'FORMSIGN_ADMIN_EMAIL');
  const password = env['FORMSIGN_ADMIN_PASSWORD'];
  if (!name && !email && !password) return undefined;
  if (!name || !email || !password) {
    throw new Error('FORMSIGN_ADMIN_NAME, FORMSIGN_ADMIN_EMAIL and FORMSIGN_ADMIN_PASSWORD go together: set all three.');
  }
  if (password.length < 8) throw new Error('FORMSIGN_ADMIN_PASSWORD must be at least 8 characters long.');
  return { name, email, password };
}

function supportEmail(env: Env): string {
  const email = text(env, 'FORMSIGN_SUPPORT_EMAIL') ?? 'support@formsign.local';
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error(`FORMSIGN_SUPPORT_EMAIL must be an email address; it is "${email}".`);
  return email;
}

/** The S3-compatible store of the files, when `FORMSIGN_S3_BUCKET` names one. */
function s3Settings(env: Env): S3Settings | undefined {
  const bucket = text(env, 'FORMSIGN_S3_BUCKET');
  const others = [
    'FORMSIGN_S3_ENDPOINT',
    'FORMSIGN_S3_REGION',
    'FORMSIGN_S3_ACCESS_KEY_ID',
    'FORMSIGN_S3_SECRET_ACCESS_KEY',
    'FORMSIGN_S3_PREFIX',
  ].filter((name) => text(env, name));
  if (!bucket) {
    if (others.length)
      throw new Error(
        `${others.join(', ')} ${others.length === 1 ? 'is' : 'are'} set but FORMSIGN_S3_BUCKET is not: name the bucket the files go to.`,
      );
    return undefined;
  }
  const endpoint = text(env, 'FORMSIGN_S3_ENDPOINT');
  if (endpoint && !/^https?:\/\/[^\s/]+/.test(endpoint)) throw new Error(`FORMSIGN_S3_ENDPOINT must be an http(s) address; it is "${endpoint}".`);
  const accessKeyId = text(env, 'FORMSIGN_S3_ACCESS_KEY_ID');
  const secretAccessKey = text(env, 'FORMSIGN_S3_SECRET_ACCESS_KEY');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error(
      "FORMSIGN_S3_ACCESS_KEY_ID and FORMSIGN_S3_SECRET_ACCESS_KEY go together: set both, or neither to use the machine's own AWS credentials.",
    );
  const prefix = text(env, 'FORMSIGN_S3_PREFIX');
  return {
    bucket,
    region: text(env, 'FORMSIGN_S3_REGION') ?? 'us-east-1',
    ...(endpoint ? { endpoint } : {}),
    ...(accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : {}),
    ...(prefix ? { prefix } : {}),
  };
}

/** The timestamp authority, which is reached as any other system is: on the public internet, or allowed. */
function tsaUrl(env: Env, allow: OutboundAllow): string | undefined {
  const url = text(env, 'FORMSIGN_TSA_URL');
  const refusal = url ? literalRefusal(url, allow) : null;
  if (refusal) throw new Error(`FORMSIGN_TSA_URL: ${refusal} List it in FORMSIGN_OUTBOUND_ALLOW to reach it.`);
  return url;
}

/** Stripe when both its keys are set, the test provider when asked for by name, else none. */
function payments(env: Env, allow: OutboundAllow): PaymentsSettings {
  const secretKey = text(env, 'STRIPE_SECRET_KEY');
  const webhookSecret = text(env, 'STRIPE_WEBHOOK_SECRET');
  const mode = text(env, 'FORMSIGN_PAYMENTS');
  if (mode !== undefined && mode !== 'test')
    throw new Error(`FORMSIGN_PAYMENTS is "test" (the test provider, which takes no money) or unset; it is "${mode}".`);
  if (Boolean(secretKey) !== Boolean(webhookSecret))
    throw new Error('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both to take payments with Stripe, or neither.');
  if (secretKey && webhookSecret) {
    if (mode === 'test') throw new Error('FORMSIGN_PAYMENTS=test and the Stripe keys are both set: choose one way of taking payments.');
    const raw = text(env, 'STRIPE_API_URL') ?? 'https://api.stripe.com';
    const refusal = literalRefusal(raw, allow);
    if (refusal) throw new Error(`STRIPE_API_URL: ${refusal} List it in FORMSIGN_OUTBOUND_ALLOW to reach it.`);
    const apiUrl = new URL(raw);
    return { kind: 'stripe', secretKey, webhookSecret, apiUrl };
  }
  return mode === 'test' ? { kind: 'test' } : { kind: 'none' };
}

export function readConfig(env: Env = process.env, cwd = process.cwd()): ServerConfig {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const outboundAllow = parseOutboundAllow(text(env, 'FORMSIGN_OUTBOUND_ALLOW'));
  return {
    port,
    host: text(env, 'HOST'),
    dataDir: resolve(cwd, text(env, 'FORMSIGN_DATA') ?? 'data'),
    databaseUrl: text(env, 'DATABASE_URL'),
    secret: text(env, 'FORMSIGN_SECRET'),
    publicUrl: (text(env, 'FORMSIGN_PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    demo: env['FORMSIGN_DEMO'] !== '0',
    firstAdmin: firstAdmin(env),
    smtpUrl: text(env, 'SMTP_URL'),
    mailFrom: text(env, 'MAIL_FROM') ?? 'formsign <no-reply@formsign.local>',
    tokenTtlSeconds: integer(env, 'FORMSIGN_TOKEN_TTL', 3600, 60, 86_400),
    sessionDays: integer(env, 'FORMSIGN_SESSION_DAYS', 30, 1, 365),
    webRoot: resolve(cwd, text(env, 'FORMSIGN_WEB_ROOT') ?? new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: env['TRUST_PROXY'] === '1' || env['TRUST_PROXY'] === 'true',
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    faqUrl: text(env, 'FORMSIGN_FAQ_URL') ?? 'https://formsign.example/help/faq',
    signingP12: text(env, 'FORMSIGN_SIGNING_P12'),
    signingPassword: env['FORMSIGN_SIGNING_PASSWORD'],
    tsaUrl: tsaUrl(env, outboundAllow),
    outboundAllow,
    worker: env['FORMSIGN_WORKER'] !== '0',
    supportEmail: supportEmail(env),
    s3: s3Settings(env),
    listCountCap: integer(env, 'FORMSIGN_LIST_COUNT_CAP', 1_000, 1, 10_000_000),
    payments: payments(env, outboundAllow),
  };
}
