/** Columns of a list whose endpoint does not sort: no header offers sorting. */
import type { RowData } from '@tanstack/react-table';
import type { ListColumn } from '../../lists/data-table.tsx';

export function unsorted<TRow extends RowData>(columns: ListColumn<TRow>[]): ListColumn<TRow>[] {
  return columns.map((column) => ({ ...column, enableSorting: false }));
}
