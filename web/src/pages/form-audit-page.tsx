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
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  {
    id: 'at',
    accessorKey: 'at',
    header: () => <Trans>When</Trans>,
    cell: (info) => <span className="cell-nowrap">{formatDateTime(info.getValue<string>())}</span>,
  },
  {
    id: 'reference',
    accessorKey: 'reference',
    header: () => <Trans>Form</Trans>,
    cell: ({ row }) => (
      <>
        <span className="cell-main">{row.original.reference}</span>
        <span className="cell-sub">{row.original.title}</span>
      </>
    ),
  },
  { id: 'event', accessorKey: 'event', header: () => <Trans>Event</Trans>, cell: ({ row }) => <AuditEventBadge event={row.original.event} /> },
  { id: 'actor', accessorKey: 'actor', header: () => <Trans context="who did it">By</Trans> },
  {
    id: 'ip',
    accessorKey: 'ip',
    header: () => <Trans>IP address</Trans>,
    enableSorting: false,
    cell: (info) => <span className="cell-mono">{info.getValue<string>()}</span>,
  },
  {
    id: 'actions',
    header: () => <Trans>Actions</Trans>,
    enableSorting: false,
    cell: ({ row }) => <ShowTrailButton reference={row.original.reference} />,
  },
];

/** The file's name: the trail's form or first day, as the server names it. */
function exportName(filters: ListFilters, format: 'csv' | 'pdf'): string {
  const what = filters.from ?? new Date().toISOString().slice(0, 10);
  return `formsign-audit-${what}.${format}`;
}

function ExportButtons({ filters }: { filters: ListFilters }) {
  const notify = useNotify();
  const { t } = useLingui();
  const exporting = useMutation(
    ({ format, chosen }: { format: 'csv' | 'pdf'; chosen: ListFilters }, options) => formsCalls.exportAudit(format, chosen, options),
    {
      onSuccess: (file, { format, chosen }) => {
        const name = exportName(chosen, format);
        saveTextFile(file, name, format === 'csv' ? 'text/csv;charset=utf-8' : 'application/pdf');
        notify({ type: 'info', title: t`Audit trail downloaded`, description: t`${name} holds the events these filters match.` });
      },
      onFailure: (message) => notify({ type: 'error', title: t`Could not export the audit trail`, description: message }),
    },
  );
  const run = (format: 'csv' | 'pdf') => void exporting.run({ format, chosen: filters });
  return (
    <div className="form-actions" role="group" aria-label={t`Export the audit trail`}>
      <button type="button" className="button button--secondary" onClick={() => run('csv')} disabled={exporting.busy}>
        <Trans>Export CSV</Trans>
      </button>
      <button type="button" className="button button--secondary" onClick={() => run('pdf')} disabled={exporting.busy}>
        <Trans>Export PDF</Trans>
      </button>
      {exporting.busy ? (
        <span className="muted" role="status">
          <Trans>Exporting…</Trans>
        </span>
      ) : null}
    </div>
  );
}

export default function FormAuditPage() {
  const { t, i18n } = useLingui();
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
  const total = understood.total;
  const count = understood.total_exact
    ? t`${plural(total, { one: '# event', other: '# events' })}`
    : t`More than ${plural(total, { one: '# event', other: '# events' })}`;

  return (
    <div className="page">
      <FilterBar key={filterBarKey} query={query} searchLabel={t`Search forms and people`}>
        <SelectFilter
          query={query}
          name="event"
          label={t`Event`}
          all={t`All events`}
          options={eventOptions.map(({ value, label }) => ({ value, label: i18n._(label) }))}
        />
      </FilterBar>
      <ExportButtons filters={query.filters} />
      {!audit.error && !(audit.loading && understood.total === 0) ? (
        <AppliedFilters count={count} filters={understood.filters} eventLabel={(event) => eventLabel(event, i18n)} />
      ) : null}
      <TrailShower.Provider value={showTrail}>
        <DataTable
          caption={t`Audit trail of forms`}
          columns={columns}
          rows={audit.data.forms}
          total={understood.total}
          totalExact={understood.total_exact}
          {...tableState(audit)}
          empty={t`No audit events match these filters.`}
          query={query}
          getRowId={(row) => String(row.id)}
        />
      </TrailShower.Provider>
    </div>
  );
}
