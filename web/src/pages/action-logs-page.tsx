/**
 * Actions Records (`/actionlogs`, `GET /fetch-logs`, administrators): what people did in the
 * company's account. With `?source=system` (the System menu entry opens it in a new tab) it is
 * the system log instead (`filters[source]=system`). A switch above the list moves between the
 * two views; search, a date range, sorting and paging are kept in the URL with the view.
 *
 * Designed where the specification is silent: user actions show when, who (their email), what
 * they did, on what, and from which IP address; the system log shows when, the level as a badge
 * (info, warning, error), the event and the part of the system it concerns.
 */
import type { LogPage, LogRecord } from '@formsign/sdk';
import { Link } from 'react-router-dom';
import { logsApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { DataTable, type ListColumn } from '../lists/data-table.tsx';
import { FilterBar } from '../lists/filter-bar.tsx';
import { formatDateTime } from '../lists/format.ts';
import { tableState, useDataGroup } from '../lists/use-data-group.ts';
import { useListQuery, type ListQuery } from '../lists/use-list-query.ts';
import '../styles/lists.css';

const logsCalls = area(logsApi);

type Source = 'user' | 'system';

const emptyPage: LogPage = { page: 1, limit: 25, total: 0, total_exact: true, data: [] };

const levels: Record<LogRecord['level'], { label: string; tone: string }> = {
  info: { label: 'Info', tone: 'badge--info' },
  warning: { label: 'Warning', tone: 'badge--warning' },
  error: { label: 'Error', tone: 'badge--danger' },
};

const when: ListColumn<LogRecord> = {
  id: 'at',
  accessorKey: 'at',
  header: 'When',
  cell: (info) => <span className="cell-nowrap">{formatDateTime(info.getValue<string>())}</span>,
};

const userColumns: ListColumn<LogRecord>[] = [
  when,
  { id: 'user', accessorKey: 'user', header: 'User' },
  { id: 'action', accessorKey: 'action', header: 'Action', cell: (info) => <span className="cell-main">{info.getValue<string>()}</span> },
  { id: 'target', accessorKey: 'target', header: 'On' },
  {
    id: 'ip',
    accessorKey: 'ip',
    header: 'IP address',
    enableSorting: false,
    cell: (info) => <span className="cell-mono">{info.getValue<string>()}</span>,
  },
];

const systemColumns: ListColumn<LogRecord>[] = [
  when,
  {
    id: 'level',
    accessorKey: 'level',
    header: 'Level',
    cell: ({ row }) => <span className={`badge ${levels[row.original.level].tone}`}>{levels[row.original.level].label}</span>,
  },
  { id: 'action', accessorKey: 'action', header: 'Event', cell: (info) => <span className="cell-main">{info.getValue<string>()}</span> },
  { id: 'target', accessorKey: 'target', header: 'Component', cell: (info) => <span className="cell-mono">{info.getValue<string>()}</span> },
];

const views: Record<Source, { label: string; caption: string; empty: string; search: string }> = {
  user: { label: 'User actions', caption: 'User actions', empty: 'No user actions match these filters.', search: 'Search users and actions' },
  system: { label: 'System log', caption: 'System log', empty: 'No system events match these filters.', search: 'Search events' },
};

/** The address of a view: the same rows per page, the first page, no filters. */
function viewHref(query: ListQuery, source: Source): { search: string } {
  const next = new URLSearchParams();
  if (source === 'system') next.set('source', 'system');
  const limit = query.extra.get('limit');
  if (limit) next.set('limit', limit);
  const search = next.toString();
  return { search: search ? `?${search}` : '' };
}

function LogViewSwitch({ query, source }: { query: ListQuery; source: Source }) {
  return (
    <nav className="view-switch" aria-label="Log">
      {(Object.keys(views) as Source[]).map((key) => (
        <Link key={key} to={viewHref(query, key)} aria-current={key === source ? 'page' : undefined}>
          {views[key].label}
        </Link>
      ))}
    </nav>
  );
}

export default function ActionLogsPage() {
  const query = useListQuery();
  const source: Source = query.filters.source === 'system' ? 'system' : 'user';
  const logs = useDataGroup('logs', emptyPage, (params, options) => logsCalls.list(params, options), {
    page: query.page,
    limit: query.limit,
    filters: { ...query.filters, source },
  });
  const view = views[source];
  return (
    <div className="page">
      <LogViewSwitch query={query} source={source} />
      <FilterBar key={`filters-${source}`} query={query} searchLabel={view.search} />
      <DataTable
        key={`table-${source}`}
        caption={view.caption}
        columns={source === 'system' ? systemColumns : userColumns}
        rows={logs.data.data}
        total={logs.data.total}
        totalExact={logs.data.total_exact}
        {...tableState(logs)}
        empty={view.empty}
        query={query}
        getRowId={(row) => String(row.id)}
      />
    </div>
  );
}
