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
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

const levels: Record<LogRecord['level'], { label: MessageDescriptor; tone: string }> = {
  info: { label: msg`Info`, tone: 'badge--info' },
  warning: { label: msg`Warning`, tone: 'badge--warning' },
  error: { label: msg`Error`, tone: 'badge--danger' },
};

function LevelBadge({ level }: { level: LogRecord['level'] }) {
  const { i18n } = useLingui();
  return <span className={`badge ${levels[level].tone}`}>{i18n._(levels[level].label)}</span>;
}

const when: ListColumn<LogRecord> = {
  id: 'at',
  accessorKey: 'at',
  header: () => <Trans>When</Trans>,
  cell: (info) => <span className="cell-nowrap">{formatDateTime(info.getValue<string>())}</span>,
};

const userColumns: ListColumn<LogRecord>[] = [
  when,
  { id: 'user', accessorKey: 'user', header: () => <Trans>User</Trans> },
  {
    id: 'action',
    accessorKey: 'action',
    header: () => <Trans>Action</Trans>,
    cell: (info) => <span className="cell-main">{info.getValue<string>()}</span>,
  },
  { id: 'target', accessorKey: 'target', header: () => <Trans context="what an action was done on">On</Trans> },
  {
    id: 'ip',
    accessorKey: 'ip',
    header: () => <Trans>IP address</Trans>,
    enableSorting: false,
    cell: (info) => <span className="cell-mono">{info.getValue<string>()}</span>,
  },
];

const systemColumns: ListColumn<LogRecord>[] = [
  when,
  {
    id: 'level',
    accessorKey: 'level',
    header: () => <Trans>Level</Trans>,
    cell: ({ row }) => <LevelBadge level={row.original.level} />,
  },
  {
    id: 'action',
    accessorKey: 'action',
    header: () => <Trans>Event</Trans>,
    cell: (info) => <span className="cell-main">{info.getValue<string>()}</span>,
  },
  {
    id: 'target',
    accessorKey: 'target',
    header: () => <Trans>Component</Trans>,
    cell: (info) => <span className="cell-mono">{info.getValue<string>()}</span>,
  },
];

const views: Record<Source, { label: MessageDescriptor; empty: MessageDescriptor; search: MessageDescriptor }> = {
  user: { label: msg`User actions`, empty: msg`No user actions match these filters.`, search: msg`Search users and actions` },
  system: { label: msg`System log`, empty: msg`No system events match these filters.`, search: msg`Search events` },
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
  const { t, i18n } = useLingui();
  return (
    <nav className="view-switch" aria-label={t`Log`}>
      {(Object.keys(views) as Source[]).map((key) => (
        <Link key={key} to={viewHref(query, key)} aria-current={key === source ? 'page' : undefined}>
          {i18n._(views[key].label)}
        </Link>
      ))}
    </nav>
  );
}

export default function ActionLogsPage() {
  const { i18n } = useLingui();
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
      <FilterBar key={`filters-${source}`} query={query} searchLabel={i18n._(view.search)} />
      <DataTable
        key={`table-${source}`}
        caption={i18n._(view.label)}
        columns={source === 'system' ? systemColumns : userColumns}
        rows={logs.data.data}
        total={logs.data.total}
        totalExact={logs.data.total_exact}
        {...tableState(logs)}
        empty={i18n._(view.empty)}
        query={query}
        getRowId={(row) => String(row.id)}
      />
    </div>
  );
}
