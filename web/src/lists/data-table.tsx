/**
 * The one table of every list page (TanStack Table): the rows of a server page, sortable
 * headers where the list allows, rows per page and paging, and the loading, empty and failed
 * states (the failure in the catalogue's words, with a retry). Sorting and paging are the
 * server's: the table only renders and reports what the person asks for.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useSayText } from '../i18n/say-text.ts';
import { rowSortingFeature, tableFeatures, useTable, type ColumnDef, type RowData, type SortingState } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useDateStyle } from './format.ts';
import { PagerNav } from './pager-nav.tsx';
import type { ListQuery } from './use-list-query.ts';
import { pageSizes } from './use-list-query.ts';

export const listFeatures = tableFeatures({ rowSortingFeature });
export type ListColumn<TRow extends RowData> = ColumnDef<typeof listFeatures, TRow>;

export interface DataTableProps<TRow extends RowData> {
  /** Names the table for assistive technology, e.g. "Completed forms". */
  caption: string;
  /**
   * Keep this array's identity stable (module level, or memoised): a new array remounts every
   * cell, and a button that had the focus loses it. Cells that need page state can read it
   * from a React context.
   */
  columns: ListColumn<TRow>[];
  rows: TRow[];
  total: number;
  /** False when the server counted up to its cap and `total` is a lower bound (`total_exact`); true by default. */
  totalExact?: boolean;
  loading: boolean;
  /** The failure text; the table shows it with a retry. */
  error?: string | null;
  onRetry?: () => void;
  /** What to say when nothing matches. */
  empty: string;
  /** The view in the URL; without it the table shows every row on one page, unsorted. */
  query?: ListQuery;
  getRowId?: (row: TRow, index: number) => string;
  /** Extra content above the rows (e.g. a summary). */
  children?: ReactNode;
}

export function ListFailure({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const sayText = useSayText();
  return (
    <div className="alert alert--error" role="alert">
      <div className="alert__body">{sayText(message)}</div>
      {onRetry ? (
        <button type="button" className="button button--secondary button--small" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      ) : null}
    </div>
  );
}

export function DataTable<TRow extends RowData>({
  caption,
  columns,
  rows,
  total,
  totalExact = true,
  loading,
  error,
  onRetry,
  empty,
  query,
  getRowId,
  children,
}: DataTableProps<TRow>) {
  const sorting: SortingState = query?.filters.sort ? [{ id: query.filters.sort, desc: query.filters.order === 'desc' }] : [];
  const table = useTable({
    features: listFeatures,
    columns,
    data: rows,
    getRowId,
    state: { sorting },
    manualSorting: true,
    enableSortingRemoval: true,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      query?.setSort(first ? first.id : null, first?.desc ? 'desc' : 'asc');
    },
  });
  const page = query?.page ?? 1;
  const limit = query?.limit ?? Math.max(rows.length, 1);
  // The cells show dates in the company's style and words in the language shown: a new style or language draws the rows again.
  const dates = useDateStyle();
  const { t, i18n } = useLingui();

  return (
    <div className="table-wrap" aria-busy={loading}>
      {children}
      {error ? <ListFailure message={error} onRetry={onRetry} /> : null}
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const canSort = Boolean(query) && header.column.getCanSort();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined}
                  >
                    {header.isPlaceholder ? null : canSort ? (
                      <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
                        <table.FlexRender header={header} />
                        <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody key={`${dates.format} ${dates.timeZone} ${i18n.locale}`}>
          {loading && rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>
                <div className="spinner" role="status">
                  <Trans>Loading…</Trans>
                </div>
              </td>
            </tr>
          ) : null}
          {!loading && !error && rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>
                <div className="empty-state">{empty}</div>
              </td>
            </tr>
          ) : null}
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {/* Not while the first rows load: it would stand where they come, and then jump below them. */}
      {query && !(loading && rows.length === 0) ? (
        <PagerNav
          label={t`${caption}: pages`}
          page={page}
          limit={limit}
          total={total}
          totalExact={totalExact}
          rowsOnPage={rows.length}
          onPage={query.setPage}
        >
          <label>
            <Trans>Rows per page</Trans>{' '}
            <select
              className="select"
              style={{ width: 'auto', minHeight: 30 }}
              value={limit}
              onChange={(event) => query.setLimit(Number(event.target.value))}
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        </PagerNav>
      ) : null}
    </div>
  );
}
