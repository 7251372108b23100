/**
 * Opens the database: the embedded PostgreSQL (PGlite) in the data folder by default, or a
 * PostgreSQL server with `DATABASE_URL`. Both are driven through the same Drizzle schema and
 * the same migrations; the rest of the server sees one `Database` type.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataFolder } from './data-lock.js';
import { EmbeddedThread } from './embedded-thread.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The database, or a transaction of it: everything the repositories need. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface OpenDatabase {
  db: Database;
  kind: 'embedded' | 'postgres';
  /** The PostgreSQL server's address (`postgres` only). */
  connectionString?: string;
  /** Runs raw SQL with `$1` parameters (the job queue's adapter). */
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

export { embeddedOptions, newEmbeddedClient } from './embedded-client.js';

/** Applies the migrations not applied yet. On PostgreSQL one process at a time does it (an advisory lock). */
export async function migrateDatabase(database: OpenDatabase): Promise<void> {
  if (database.kind === 'embedded') {
    await migratePglite(database.db as Parameters<typeof migratePglite>[0], { migrationsFolder });
    return;
  }
  // Several server processes may start together: the first migrates, the others wait for it.
  // The lock belongs to a connection, so the migration runs on that one connection.
  await withPostgresClient(database.connectionString ?? '', async (client) => {
    await client.query('select pg_advisory_lock(727274)');
    try {
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(727274)');
    }
  });
}

/**
 * The embedded database of a data folder, locked to this process until closed. PGlite runs in a
 * thread of its own (`embedded-thread.ts`), so that a query never holds up the requests.
 */
export async function openEmbedded(dataDir: string): Promise<OpenDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataFolder(dataDir);
  try {
    const thread = await EmbeddedThread.start({ dataDir: join(dataDir, 'db') });
    return embedded(thread, async () => {
      try {
        await thread.close();
      } finally {
        unlock();
      }
    });
  } catch (error) {
    unlock();
    throw error;
  }
}

/** An embedded database in memory, in its own thread: empty, or loaded from a dump (the tests' copies of their template). */
export async function openEmbeddedInMemory(dump?: ArrayBuffer): Promise<OpenDatabase> {
  const thread = await EmbeddedThread.start(dump ? { dump } : {});
  return embedded(thread, () => thread.close());
}

/** An embedded database around a PGlite in this thread (a bench's, the tests' template) or in its own thread. */
export function embedded(client: PGlite | EmbeddedThread, close: () => Promise<void> = () => client.close()): OpenDatabase {
  const pglite = client instanceof EmbeddedThread ? client.asPGlite() : client;
  return {
    db: drizzlePglite({ client: pglite, schema }) as unknown as Database,
    kind: 'embedded',
    async query(text, values) {
      // Several statements at once (the job queue's migrations) take the simple protocol.
      if (!values || values.length === 0) {
        const results = await pglite.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }
      return { rows: (await pglite.query<Record<string, unknown>>(text, values)).rows };
    },
    close,
  };
}

/** A PostgreSQL server. */
export function openPostgres(connectionString: string, max = 10): OpenDatabase {
  const pool = new pg.Pool({ connectionString, max });
  // A connection that waits in the pool can be ended by the server (a restart, a fail-over, an
  // administrator's pg_terminate_backend): the pool drops it and opens another for the next
  // query. Without a listener its error would end the process.
  pool.on('error', () => undefined);
  return {
    db: drizzlePg({ client: pool, schema }) as unknown as Database,
    kind: 'postgres',
    connectionString,
    query: async (text, values) => ({ rows: (await pool.query<Record<string, unknown>>(text, values)).rows }),
    close: () => pool.end(),
  };
}

/** A single connection (a session-level advisory lock must be taken and released on the same one). */
export async function withPostgresClient<T>(connectionString: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
