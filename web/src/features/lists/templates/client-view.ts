/**
 * The view of a list the server answers whole (the template listing): the URL's sort, order,
 * page and rows per page applied in the browser, so the one table pages and sorts it as it does
 * the server-paged lists.
 */
import type { ListQuery } from '../../../lists/use-list-query.ts';

export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), 'en', { sensitivity: 'base', numeric: true });
}

export function clientView<TRow extends object>(rows: readonly TRow[], query: ListQuery): TRow[] {
  const { sort, order } = query.filters;
  const sorted = sort
    ? [...rows].sort(
        (a, b) => compareValues((a as Record<string, unknown>)[sort], (b as Record<string, unknown>)[sort]) * (order === 'desc' ? -1 : 1),
      )
    : [...rows];
  const start = (query.page - 1) * query.limit;
  return sorted.slice(start, start + query.limit);
}
