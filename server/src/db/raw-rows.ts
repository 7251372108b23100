/**
 * The rows of a query written in SQL (a report with common table expressions or window
 * functions that the query builder does not express well). Both drivers answer `{ rows }`;
 * numbers are cast in the SQL (`::int`, `::float8`) so both return them as numbers.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './database.js';

export async function rawRows<Row extends object>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * SQL text with `$1`-style parameters (a library's own statement, such as the job queue's
 * insert), run with a Database or a transaction of it, so that it takes part in the
 * transaction. A parameter left undefined is sent as null.
 */
export function textQuery(text: string, values: readonly unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`);
    last = (match.index ?? 0) + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks, sql.raw(''));
}
