/**
 * The filters of a list: search words and a date range, plus any the page adds. Typing does
 * not refetch on every key: the filters apply on Enter or with the Filter button, and Clear
 * empties them (not `source`, which chooses the list rather than filtering it). Applied
 * filters live in the URL, so a reload or a shared link keeps them.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { ListQuery } from './use-list-query.ts';

export interface FilterBarProps {
  query: ListQuery;
  /** Which of the common filters to show. */
  dates?: boolean;
  searchLabel?: string;
  /** More filter fields, each controlling its own URL filter through `query`. */
  children?: ReactNode;
}

export function FilterBar({ query, dates = true, searchLabel, children }: FilterBarProps) {
  const { t } = useLingui();
  // The URL is the source of truth: Back, Forward or a filter set elsewhere on the page show
  // here too, as soon as the URL changes. What is typed and not yet applied stays until then.
  const { search: urlSearch = '', from: urlFrom = '', to: urlTo = '' } = query.filters;
  const applied = `${urlSearch}\n${urlFrom}\n${urlTo}`;
  const [shown, setShown] = useState(applied);
  const [search, setSearch] = useState(urlSearch);
  const [from, setFrom] = useState(urlFrom);
  const [to, setTo] = useState(urlTo);
  if (shown !== applied) {
    setShown(applied);
    setSearch(urlSearch);
    setFrom(urlFrom);
    setTo(urlTo);
  }

  const apply = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    query.setFilters({ search, from, to });
  };
  const clear = (): void => {
    setSearch('');
    setFrom('');
    setTo('');
    query.setFilters({ search: '', from: '', to: '', status: '', event: '', template: '' });
  };

  return (
    <form className="toolbar" role="search" onSubmit={apply}>
      <div className="field">
        <label htmlFor="filter-search">{searchLabel ?? t`Search`}</label>
        <input id="filter-search" className="input" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      {dates ? (
        <>
          <div className="field">
            <label htmlFor="filter-from">
              <Trans>From</Trans>
            </label>
            <input id="filter-from" className="input" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="filter-to">
              <Trans>To</Trans>
            </label>
            <input id="filter-to" className="input" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
          </div>
        </>
      ) : null}
      {children}
      <button type="submit" className="button">
        <Trans>Filter</Trans>
      </button>
      <button type="button" className="button button--secondary" onClick={clear}>
        <Trans>Clear</Trans>
      </button>
    </form>
  );
}
