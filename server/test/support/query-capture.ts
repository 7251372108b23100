/**
 * The SQL the repositories run, captured as they run it: a Drizzle database over the same
 * connection with a logger, and each statement with its parameters written in as literals so
 * that it can be `EXPLAIN`ed (the planner then sees the same values, as PostgreSQL does for
 * the server's own statements, and a partial index's condition is matched as it would be).
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database, OpenDatabase } from '../../src/db/database.js';
import { rawRows } from '../../src/db/raw-rows.js';
import * as schema from '../../src/db/schema.js';

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

export interface CapturingDatabase {
  db: Database;
  /** The queries (`select`) run since the last `take()`. */
  take(): CapturedQuery[];
  close(): Promise<void>;
}

export function capturingDatabase(database: OpenDatabase): CapturingDatabase {
  const seen: CapturedQuery[] = [];
  // Only reads: the transactions and settings around them (and the plans asked for) are not list queries.
  const logger = { logQuery: (query: string, params: unknown[]) => void (/^\s*(select|with)\b/i.test(query) && seen.push({ sql: query, params })) };
  if (database.kind === 'postgres') {
    const db = drizzlePg({ connection: { connectionString: database.connectionString ?? '', max: 1 }, schema, logger });
    return { db: db as unknown as Database, take: () => seen.splice(0), close: () => db.$client.end() };
  }
  const client = (database.db as unknown as { $client?: PGlite }).$client;
  if (!client) throw new Error('The embedded database does not expose its client.');
  const db = drizzlePglite({ client, schema, logger });
  return { db: db as unknown as Database, take: () => seen.splice(0), close: async () => undefined };
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/** The statement with its `$n` parameters written in as literals. */
export function withLiterals(query: CapturedQuery): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(query.params[Number(n) - 1]));
}

/**
 * The plan of a statement, as text. With `noSeqScan` the planner avoids a sequential scan
 * wherever an index can serve, so one left in the plan means no index can (on a small
 * database a sequential scan is otherwise the cheapest, and says nothing). With `mergeJoins`
 * it joins by merging wherever it can, as it does at scale where both sides come from indexes
 * in the join's order (a small database is otherwise joined by a hash or a loop).
 */
export async function planOf(
  db: Database,
  query: CapturedQuery,
  options: { noSeqScan?: boolean; mergeJoins?: boolean; analyze?: boolean } = {},
): Promise<string> {
  return db.transaction(async (tx) => {
    if (options.noSeqScan) await tx.execute(sql`set local enable_seqscan = off`);
    if (options.mergeJoins) {
      await tx.execute(sql`set local enable_hashjoin = off`);
      await tx.execute(sql`set local enable_nestloop = off`);
    }
    const rows = await rawRows<Record<string, string>>(tx, sql.raw(`explain ${options.analyze ? '(analyze, buffers) ' : ''}${withLiterals(query)}`));
    return rows.map((row) => Object.values(row)[0] ?? '').join('\n');
  });
}

/** The tables a plan reads with a sequential scan. */
export function sequentialScans(plan: string): string[] {
  return [...plan.matchAll(/Seq Scan on (\w+)/g)].map((match) => match[1] ?? '');
}
