/**
 * What the lists' filters become in SQL, the same way in every list: the search words as a
 * pattern matched anywhere, a range of days in the company's time zone, and the page.
 */
import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';

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
}

/** The page and rows per page asked for, with the contract's defaults (1 and 25). */
export function pageOf(query: { page?: number | undefined; limit?: number | undefined }): PageRequest {
  return { page: query.page ?? 1, limit: query.limit ?? 25 };
}

export const offsetOf = ({ page, limit }: PageRequest): number => (page - 1) * limit;
