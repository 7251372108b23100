/**
 * The server suite's databases: one template migrated and seeded once per run, and a copy of
 * it for each test file, so files run side by side and never see each other's changes. On the
 * embedded database the template is a dump of a PGlite data folder; on PostgreSQL
 * (`DATABASE_URL`) it is a template database that `CREATE DATABASE ... TEMPLATE` copies.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keysFrom } from '../../src/auth/keys.js';
import { passwords, type PasswordCost } from '../../src/auth/passwords.js';
import { embedded, migrateDatabase, newEmbeddedClient, openPostgres, withPostgresClient, type OpenDatabase } from '../../src/db/database.js';
import { EmbeddedThread } from '../../src/db/embedded-thread.js';
import { loadSigningIdentity } from '../../src/sealing/certificates.js';
import { seedFirstStart } from '../../src/seed/first-start.js';
import { seedFixtures } from './fixtures.js';

/** Cheap hashes: the tests check behaviour, not the hash's cost. */
export const testPasswordCost: PasswordCost = { memoryCost: 1024, timeCost: 1 };

export type TestDatabaseKind = 'embedded' | 'postgres';

export interface TemplateRef {
  kind: TestDatabaseKind;
  /** The dump file (embedded) or the template database's name (postgres). */
  location: string;
  /** The secret the seeded data was made with. */
  secret: string;
}

export function testDatabaseKind(env: Record<string, unknown> = process.env): TestDatabaseKind {
  return env['FORMSIGN_TEST_DB'] === 'postgres' ? 'postgres' : 'embedded';
}

function databaseUrl(name?: string): string {
  const url = new URL(process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test');
  if (name) url.pathname = `/${name}`;
  return url.toString();
}

async function seed(database: OpenDatabase, secret: string): Promise<void> {
  await migrateDatabase(database);
  const hasher = passwords(testPasswordCost);
  await seedFirstStart(database.db, { demo: true, firstAdmin: undefined }, hasher, new Date());
  await seedFixtures(database.db, hasher, keysFrom(secret));
  // The instance's signing certificate, made once for every copy of the template.
  await loadSigningIdentity(database.db, keysFrom(secret), { name: 'formsign' });
}

export async function buildTemplate(kind: TestDatabaseKind): Promise<TemplateRef> {
  const secret = randomBytes(32).toString('base64url');
  if (kind === 'embedded') {
    const client = newEmbeddedClient();
    const database = embedded(client);
    await seed(database, secret);
    const dump = await client.dumpDataDir('none');
    const location = join(tmpdir(), `formsign-template-${process.pid}-${Date.now()}.tar`);
    await writeFile(location, Buffer.from(await dump.arrayBuffer()));
    await client.close();
    return { kind, location, secret };
  }
  const name = `formsign_tpl_${process.pid}_${Date.now()}`;
  await withPostgresClient(databaseUrl(), (client) => client.query(`create database ${name}`));
  const database = openPostgres(databaseUrl(name), 2);
  try {
    await seed(database, secret);
  } finally {
    await database.close();
  }
  return { kind, location: name, secret };
}

export async function dropTemplate(template: TemplateRef): Promise<void> {
  if (template.kind === 'embedded') return;
  await withPostgresClient(databaseUrl(), (client) => client.query(`drop database if exists ${template.location} with (force)`));
}

/**
 * Threads of the embedded database whose copy was closed, with the template each holds: starting
 * a thread costs more than loading a copy, and a thread loads its template again without being sent it.
 */
const idleThreads: { thread: EmbeddedThread; template: string }[] = [];

/** The template dumps read so far (one per run and project): each new thread is sent a copy. */
const dumps = new Map<string, Buffer>();

async function dumpCopy(location: string): Promise<ArrayBuffer> {
  let file = dumps.get(location);
  if (!file) dumps.set(location, (file = await readFile(location)));
  const copy = new ArrayBuffer(file.byteLength);
  new Uint8Array(copy).set(file);
  return copy;
}

/** A fresh copy of the template, dropped when closed. */
export async function cloneTemplate(template: TemplateRef): Promise<OpenDatabase> {
  if (template.kind === 'embedded') {
    // In its own thread, as the server runs it; a thread whose copy was closed takes the next.
    const idle = idleThreads.pop();
    let thread: EmbeddedThread;
    if (!idle) thread = await EmbeddedThread.start({ dump: await dumpCopy(template.location) });
    else {
      thread = idle.thread;
      await thread.load(idle.template === template.location ? undefined : await dumpCopy(template.location));
    }
    return embedded(thread, async () => {
      await thread.closeDatabase();
      idleThreads.push({ thread, template: template.location });
    });
  }
  const name = `formsign_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withPostgresClient(databaseUrl(), (client) => client.query(`create database ${name} template ${template.location}`));
  const database = openPostgres(databaseUrl(name), 4);
  return {
    ...database,
    async close() {
      await database.close();
      await withPostgresClient(databaseUrl(), (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
