/**
 * The planner's statistics on the embedded database. PostgreSQL's autovacuum analyzes a table
 * once a tenth of its rows changed; the embedded database (PGlite, one process and no
 * background workers) never does, and a planner without statistics guesses row counts that
 * turn an index read of twenty rows into a scan of every form. So the server analyzes, itself,
 * the tables never analyzed and those whose rows changed by more than autovacuum's measure
 * since their last analysis: at start, and on a schedule (`refresh-statistics.job.ts`).
 * Where an autovacuum launcher runs (PostgreSQL) it does nothing.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './database.js';
import { rawRows } from './raw-rows.js';

/** Autovacuum's own defaults: analyze after 50 rows plus a tenth of the table changed. */
const baseThreshold = 50;
const scaleFactor = 0.1;

/** Whether an autovacuum launcher keeps the statistics (PostgreSQL; not the embedded database). */
export async function autovacuumRuns(db: Database): Promise<boolean> {
  const [row] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from pg_stat_activity where backend_type = 'autovacuum launcher'`);
  return (row?.n ?? 0) > 0;
}

/**
 * The application's tables whose statistics are missing or stale: never analyzed though they
 * hold rows (no column statistics at all), or changed by more than the threshold since.
 */
export async function staleTables(db: Database): Promise<string[]> {
  // The counters of changes reach the statistics views at the end of a statement, at most once
  // a second unless forced: force it, so that this read sees the latest changes.
  await rawRows(db, sql`select pg_stat_force_next_flush()`);
  await rawRows(db, sql`select pg_stat_clear_snapshot()`);
  const rows = await rawRows<{ name: string }>(
    db,
    sql`select s.relname as name
          from pg_stat_user_tables s
          join pg_class c on c.oid = s.relid
         where s.schemaname = 'public'
           and (s.n_mod_since_analyze > ${baseThreshold} + ${scaleFactor} * greatest(c.reltuples, 0)
                or ((c.relpages > 0 or s.n_live_tup > 0) and not exists (select 1 from pg_statistic st where st.starelid = c.oid)))
         order by s.relname`,
  );
  return rows.map((row) => row.name);
}

/** Analyzes the stale tables (`staleTables`) unless autovacuum does it; answers their names. */
export async function refreshStatistics(db: Database): Promise<string[]> {
  if (await autovacuumRuns(db)) return [];
  const tables = await staleTables(db);
  for (const table of tables) await db.execute(sql`analyze ${sql.identifier(table)}`);
  return tables;
}
