/**
 * The rows of a query written in SQL (a report with common table expressions or window
 * functions that the query builder does not express well). Both drivers answer `{ rows }`;
 * numbers are cast in the SQL (`::int`, `::float8`) so both return them as numbers.
 */
import type { SQL } from 'drizzle-orm';
import type { Database } from './database.js';

export async function rawRows<Row extends object>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
