/**
 * What the lists' filters become in SQL, the same way in every list: the search words as a
 * pattern matched anywhere, a range of days in the company's time zone, the page, and the
 * list's total (counted up to a cap).
 */
import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from './database.js';
import { rawRows } from './raw-rows.js';

/** The words searched for (spaces collapsed), or null when there are none. */
export function searchWords(search: string | undefined): string | null {
  const words = (search ?? '').trim().replace(/\s+/g, ' ');
  return words === '' ? null : words;
}

/** An ILIKE pattern matching the words anywhere; `%`, `_` and `\` in them are taken literally. */
export function containsPattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Rows whose time is on or after the day `from` and on or before the day `to`, days being
 * those of the company's time zone. Both bounds are constants, so an index on the column
 * serves the range.
 */
export function dayRange(column: SQLWrapper, timeZone: string, from: string | undefined, to: string | undefined): SQL | undefined {
  return and(
    from ? sql`${column} >= (${from}::date)::timestamp at time zone ${timeZone}` : undefined,
    to ? sql`${column} < ((${to}::date + 1)::timestamp at time zone ${timeZone})` : undefined,
  );
}

export interface PageRequest {
  page: number;
  limit: number;
  /** The most matching rows counted for the total (`ServerConfig.listCountCap`). */
  countCap: number;
}

/** The page and rows per page asked for, with the contract's defaults (1 and 25). */
export function pageOf(query: { page?: number | undefined; limit?: number | undefined }, countCap: number): PageRequest {
  return { page: query.page ?? 1, limit: query.limit ?? 25, countCap };
}

export const offsetOf = ({ page, limit }: PageRequest): number => (page - 1) * limit;

/** A list's total as answered (the contract's `Pagination`): exact, or a lower bound. */
export interface ListTotal {
  total: number;
  total_exact: boolean;
}

/**
 * The total of a list whose page `page` came back with `rowsOnPage` rows. `matching` selects
 * the list's rows (its where, no order, no limit); at most `countCap + 1` of them are counted,
 * so that the count costs the same whether a hundred rows match or a million: an exact count
 * reads every matching row, and on a large organisation that alone took longer than the page.
 *
 * Past the cap the total is a lower bound: the cap, or what precedes the page and the page
 * itself when that is more (a deep page reached by paging on or by a link). A page beyond the
 * cap that is not full is the last one, so the total is exact again; an empty page tells
 * nothing more than the cap. A page with rows that is not full needs no count: it is the last.
 */
export async function listTotal(db: Database, matching: SQLWrapper, page: PageRequest, rowsOnPage: number): Promise<ListTotal> {
  // A page with rows that is not full is the last one: the rows before it and its own are
  // every match, so the total is known exactly without counting.
  if (rowsOnPage > 0 && rowsOnPage < page.limit) return { total: offsetOf(page) + rowsOnPage, total_exact: true };
  const cap = page.countCap;
  const [row] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from (${matching} limit ${cap + 1}) as matching`);
  return totalOf(row?.n ?? 0, page, rowsOnPage);
}

/** The answer's total from the capped count (`listTotal`). */
export function totalOf(counted: number, page: PageRequest, rowsOnPage: number): ListTotal {
  if (counted <= page.countCap) return { total: counted, total_exact: true };
  // An empty page says nothing of the rows before it (it may be far past the last one).
  if (rowsOnPage === 0) return { total: page.countCap, total_exact: false };
  const reached = offsetOf(page) + rowsOnPage;
  if (rowsOnPage < page.limit) return { total: reached, total_exact: true };
  return { total: Math.max(page.countCap, reached), total_exact: false };
}
