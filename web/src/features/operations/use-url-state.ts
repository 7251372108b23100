/**
 * Values of a page's view kept in the URL's query (a chosen chart, a source, a date range),
 * so a view can be shared and survives a reload. Several values change in one navigation, and
 * changes made one after the other build on each other, so they never overwrite each other.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface UrlState {
  get(key: string): string | null;
  /** Sets the given values; `null` or an empty string removes one. */
  set(changes: Record<string, string | number | null | undefined>, options?: { replace?: boolean }): void;
}

export function useUrlState(): UrlState {
  const [search, setSearch] = useSearchParams();
  const set = useCallback<UrlState['set']>(
    (changes, options) => {
      // From the address as it is now, not as this render saw it (React Router's updater is given
      // the rendered one): two choices made before the page renders again both stand.
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      setSearch(next, { replace: options?.replace });
    },
    [setSearch],
  );
  return { get: (key) => search.get(key), set };
}
