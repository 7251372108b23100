/**
 * Audit Forms (`/formaudit`, `GET /fetch-formaudit`, administrators): who did what to which
 * form, when and from where. The answer is `{ query, forms }`: the rows, and the query as the
 * server understood it, whose `total` drives the pager and whose filters are said in words above
 * the list. Search, the event and a date range filter it, the headers sort it and the pager pages
 * it, all kept in the URL.
 *
 * Designed where the specification is silent: each row shows the time, the form (reference and
 * title), the event as a badge, who did it and their IP address. The event filter travels as
 * `filters[event]=signed`. "Show trail" narrows the list to one form's
 * history (a search on its reference). "Export CSV" and "Export PDF" download every event the
 * filters match (`GET /formaudit-export`): one form's trail, a period; the server refuses more
 * than a file holds, in words asking for a shorter period, shown as a notification.
 */
import type { AuditEvent, FormAuditResponse, ListFilters } from '@formsign/sdk';
import { useEffect, useRef, useState } from 'react';
import { formsApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { useMutation } from '../api/use-mutation.ts';
import { saveTextFile } from '../features/operations/save-text-file.ts';
import { useNotify } from '../shell/notifications.tsx';
import { AppliedFilters } from '../features/lists/applied-filters.tsx';
import { AuditEventBadge, eventLabel, eventOptions } from '../features/lists/audit/audit-event.tsx';
import { ShowTrailButton, TrailShower } from '../features/lists/audit/show-trail-button.tsx';
import { SelectFilter } from '../lists/select-filter.tsx';
import { DataTable, type ListColumn } from '../lists/data-table.tsx';
import { FilterBar } from '../lists/filter-bar.tsx';
import { formatDateTime } from '../lists/format.ts';
import { tableState, useDataGroup } from '../lists/use-data-group.ts';
import { useListQuery } from '../lists/use-list-query.ts';
import '../styles/lists.css';

const formsCalls = area(formsApi);

const emptyAudit: FormAuditResponse = { query: { page: 1, limit: 25, total: 0, total_exact: true, filters: {} }, forms: [] };

const columns: ListColumn<AuditEvent>[] = [
  { id: 'at', accessorKey: 'at', header: 'When', cell: (info) => <span className="cell-nowrap">{formatDateTime(info.getValue<string>())}</span> },
  {
    id: 'reference',
    accessorKey: 'reference',
    header: 'Form',
    cell: ({ row }) => (
      <>
        <span className="cell-main">{row.original.reference}</span>
        <span className="cell-sub">{row.original.title}</span>
      </>
    ),
  },
  { id: 'event', accessorKey: 'event', header: 'Event', cell: ({ row }) => <AuditEventBadge event={row.original.event} /> },
  { id: 'actor', accessorKey: 'actor', header: 'By' },
  {
    id: 'ip',
    accessorKey: 'ip',
    header: 'IP address',
    enableSorting: false,
    cell: (info) => <span className="cell-mono">{info.getValue<string>()}</span>,
  },
  { id: 'actions', header: 'Actions', enableSorting: false, cell: ({ row }) => <ShowTrailButton reference={row.original.reference} /> },
];

/** The file's name: the trail's form or first day, as the server names it. */
function exportName(filters: ListFilters, format: 'csv' | 'pdf'): string {
  const what = filters.from ?? new Date().toISOString().slice(0, 10);
  return `formsign-audit-${what}.${format}`;
}

function ExportButtons({ filters }: { filters: ListFilters }) {
  const notify = useNotify();
  const exporting = useMutation(
    ({ format, chosen }: { format: 'csv' | 'pdf'; chosen: ListFilters }, options) => formsCalls.exportAudit(format, chosen, options),
    {
      onSuccess: (file, { format, chosen }) => {
        const name = exportName(chosen, format);
        saveTextFile(file, name, format === 'csv' ? 'text/csv;charset=utf-8' : 'application/pdf');
        notify({ type: 'info', title: 'Audit trail downloaded', description: `${name} holds the events these filters match.` });
      },
      onFailure: (message) => notify({ type: 'error', title: 'Could not export the audit trail', description: message }),
    },
  );
  const run = (format: 'csv' | 'pdf') => void exporting.run({ format, chosen: filters });
  return (
    <div className="form-actions" role="group" aria-label="Export the audit trail">
      <button type="button" className="button button--secondary" onClick={() => run('csv')} disabled={exporting.busy}>
        Export CSV
      </button>
      <button type="button" className="button button--secondary" onClick={() => run('pdf')} disabled={exporting.busy}>
        Export PDF
      </button>
      {exporting.busy ? (
        <span className="muted" role="status">
          Exporting…
        </span>
      ) : null}
    </div>
  );
}

export default function FormAuditPage() {
  const query = useListQuery();
  const audit = useDataGroup('formaudit', emptyAudit, (params, options) => formsCalls.audit(params, options), {
    page: query.page,
    limit: query.limit,
    filters: query.filters,
  });
  // The filter bar reads the URL when it mounts: once the URL holds the search "Show trail"
  // set, a new filter bar shows it.
  const [filterBarKey, setFilterBarKey] = useState(0);
  const trail = useRef<string | null>(null);
  const search = query.filters.search ?? '';
  useEffect(() => {
    if (trail.current === null || search !== trail.current) return;
    trail.current = null;
    setFilterBarKey((key) => key + 1);
  }, [search]);
  const showTrail = (reference: string): void => {
    if (reference === search) return;
    trail.current = reference;
    query.setFilters({ search: reference });
  };
  const understood = audit.data.query;

  return (
    <div className="page">
      <FilterBar key={filterBarKey} query={query} searchLabel="Search forms and people">
        <SelectFilter query={query} name="event" label="Event" all="All events" options={eventOptions} />
      </FilterBar>
      <ExportButtons filters={query.filters} />
      {!audit.error && !(audit.loading && understood.total === 0) ? (
        <AppliedFilters
          total={understood.total}
          totalExact={understood.total_exact}
          noun={['event', 'events']}
          filters={understood.filters}
          eventLabel={eventLabel}
        />
      ) : null}
      <TrailShower.Provider value={showTrail}>
        <DataTable
          caption="Audit trail of forms"
          columns={columns}
          rows={audit.data.forms}
          total={understood.total}
          totalExact={understood.total_exact}
          {...tableState(audit)}
          empty="No audit events match these filters."
          query={query}
          getRowId={(row) => String(row.id)}
        />
      </TrailShower.Provider>
    </div>
  );
}
