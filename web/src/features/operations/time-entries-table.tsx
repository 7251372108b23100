/** Time entries (who came in or went out, when, and who recorded it), newest first. */
import type { TnaEntry } from '@formsign/sdk';
import { Trans } from '@lingui/react/macro';
import { DataTable, type ListColumn } from '../../lists/data-table.tsx';
import { formatDate, useDateStyle } from '../../lists/format.ts';
import { formatTime } from './calendar-dates.ts';

const columns: ListColumn<TnaEntry>[] = [
  {
    id: 'day',
    header: () => <Trans>Day</Trans>,
    accessorFn: (entry) => entry.at,
    cell: (info) => <span className="ops-nowrap">{formatDate(info.getValue<string>())}</span>,
  },
  { id: 'time', header: () => <Trans>Time</Trans>, accessorFn: (entry) => entry.at, cell: (info) => formatTime(info.getValue<string>()) },
  { id: 'name', accessorKey: 'name', header: () => <Trans>Name</Trans> },
  {
    id: 'kind',
    accessorKey: 'kind',
    header: () => <Trans>Staff or visitor</Trans>,
    cell: (info) => (info.getValue<string>() === 'staff' ? <Trans>Staff</Trans> : <Trans>Visitor</Trans>),
  },
  {
    id: 'direction',
    accessorKey: 'direction',
    header: () => <Trans>In or out</Trans>,
    cell: (info) =>
      info.getValue<string>() === 'in' ? (
        <span className="badge badge--success">
          <Trans context="coming in">In</Trans>
        </span>
      ) : (
        <span className="badge">
          <Trans context="going out">Out</Trans>
        </span>
      ),
  },
  {
    id: 'note',
    accessorKey: 'note',
    header: () => <Trans>Note</Trans>,
    cell: (info) => info.getValue<string>() || <span className="ops-quiet">—</span>,
  },
  { id: 'recorded_by', accessorKey: 'recorded_by', header: () => <Trans>Recorded by</Trans> },
];

const columnsOfOneDay = columns.filter((column) => column.id !== 'day');

export interface TimeEntriesTableProps {
  caption: string;
  entries: TnaEntry[];
  loading: boolean;
  error: string | null;
  onRetry(): void;
  empty: string;
}

export function TimeEntriesTable({ caption, entries, loading, error, onRetry, empty }: TimeEntriesTableProps) {
  // Dates in the company's style, shown again when it changes.
  useDateStyle();
  // The day of each entry only matters when the entries span more than one day.
  const oneDay = new Set(entries.map((entry) => formatDate(entry.at))).size <= 1;
  const shown = oneDay ? columnsOfOneDay : columns;
  const rows = [...entries].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <DataTable
      caption={caption}
      columns={shown}
      rows={rows}
      total={rows.length}
      loading={loading}
      error={error}
      onRetry={onRetry}
      empty={empty}
      getRowId={(entry) => String(entry.id)}
    />
  );
}
