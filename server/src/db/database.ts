/**
 * Opens the database: the embedded PostgreSQL (PGlite) in the data folder by default, or a
 * PostgreSQL server with `DATABASE_URL`. Both are driven through the same Drizzle schema and
 * the same migrations; the rest of the server sees one `Database` type.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataFolder } from './data-lock.js';
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

/**
 * The options every embedded database is opened with: the extensions the schema uses
 * (pg_trgm, whose indexes make searching words inside names and titles fast). A PGlite
 * opened without them cannot write to tables that have such an index, so every PGlite of
 * the server and its tests is made by `newEmbeddedClient`.
 */
export const embeddedOptions = { extensions: { pg_trgm } } satisfies PGliteOptions;

/** A PGlite with the schema's extensions: in a folder, in memory (no folder), or loaded from a dump. */
export function newEmbeddedClient(dataDir?: string, options: Omit<PGliteOptions, 'extensions'> = {}): PGlite {
  return dataDir === undefined ? new PGlite({ ...options, ...embeddedOptions }) : new PGlite(dataDir, { ...options, ...embeddedOptions });
}

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

/** The embedded database of a data folder, locked to this process until closed. */
export async function openEmbedded(dataDir: string): Promise<OpenDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataFolder(dataDir);
  try {
    const client = newEmbeddedClient(join(dataDir, 'db'));
    await client.waitReady;
    return embedded(client, async () => {
      await client.close();
      unlock();
    });
  } catch (error) {
    unlock();
    throw error;
  }
}

/** An embedded database around an existing PGlite (the tests clone one per file). */
export function embedded(client: PGlite, close: () => Promise<void> = () => client.close()): OpenDatabase {
  return {
    db: drizzlePglite({ client, schema }) as unknown as Database,
    kind: 'embedded',
    async query(text, values) {
      // Several statements at once (the job queue's migrations) take the simple protocol.
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }
      return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
    },
    close,
  };
}

/** A PostgreSQL server. */
export function openPostgres(connectionString: string, max = 10): OpenDatabase {
  const pool = new pg.Pool({ connectionString, max });
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
