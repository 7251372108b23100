/**
 * A list's view (page, rows per page, filters, sort) kept in the URL's query, so a view can
 * be shared and survives a reload: `?page=2&limit=50&search=leave&sort=completed_at&order=asc`.
 */
import type { ListFilters } from '@formsign/sdk';
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

/** Rows per page when the URL does not say (the contract's default). */
export const defaultPageSize = 25;
export const pageSizes = [10, 25, 50, 100] as const;

const filterKeys = ['search', 'template', 'status', 'event', 'from', 'to', 'sort', 'order', 'source'] as const;
type FilterKey = (typeof filterKeys)[number];

export interface ListQuery {
  page: number;
  limit: number;
  filters: ListFilters;
  /** Other query values the page keeps in the URL (e.g. a chosen tab). */
  extra: URLSearchParams;
  setPage(page: number): void;
  setLimit(limit: number): void;
  /** Sets (or, with an empty value, clears) filters, and goes back to page 1. */
  setFilters(changes: Partial<Record<FilterKey, string>>): void;
  setSort(sort: string | null, order?: 'asc' | 'desc'): void;
  setExtra(key: string, value: string | null): void;
}

function positive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

export interface ListQueryOptions {
  limit?: number;
  filters?: ListFilters;
  /**
   * When the page number lives in the path (`/users/2`) rather than in `?page=`: the page the
   * path holds, and the path of any page. Every other value stays in the query.
   */
  pagePath?: { page: number; path(page: number): string };
}

export function useListQuery(options: ListQueryOptions = {}): ListQuery {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const { pagePath } = options;
  const page = pagePath ? pagePath.page : positive(search.get('page'), 1);
  const limit = Math.min(100, positive(search.get('limit'), options.limit ?? defaultPageSize));

  const filters = useMemo<ListFilters>(() => {
    const result: Record<string, string | number> = { ...(options.filters as Record<string, string | number> | undefined) };
    for (const name of filterKeys) {
      const value = search.get(name);
      if (value) result[name] = name === 'template' ? Number(value) : value;
    }
    return result as ListFilters;
    // The URL's query is the source of truth (the router keeps `search` the same object while it does not change).
  }, [search, options.filters]);

  /**
   * Changes the query and goes to page `to` (the current page when absent). From the address as
   * it is now, not as this render saw it: changes made before the page renders again all stand.
   */
  const update = useCallback(
    (change: (next: URLSearchParams) => void, to?: number) => {
      const next = new URLSearchParams(window.location.search);
      if (pagePath) {
        // The page lives in the path; a `?page=` from elsewhere is dropped.
        next.delete('page');
        change(next);
        const query = next.toString();
        void navigate({ pathname: pagePath.path(to ?? pagePath.page), search: query ? `?${query}` : '' });
        return;
      }
      change(next);
      if (to !== undefined) {
        if (to > 1) next.set('page', String(to));
        else next.delete('page');
      }
      setSearch(next);
    },
    [pagePath, navigate, setSearch],
  );

  return {
    page,
    limit,
    filters,
    extra: search,
    setPage: (value) => update(() => undefined, value),
    setLimit: (value) => update((next) => next.set('limit', String(value)), 1),
    setFilters: (changes) =>
      update((next) => {
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
      }, 1),
    setSort: (sort, order = 'asc') =>
      update((next) => {
        if (sort) {
          next.set('sort', sort);
          next.set('order', order);
        } else {
          next.delete('sort');
          next.delete('order');
        }
      }, 1),
    setExtra: (name, value) => update((next) => (value ? next.set(name, value) : next.delete(name))),
  };
}
