/**
 * Case Management (`/dsm`). The specification shows no content; designed as two tabs (in the
 * URL): Tenants (`POST /get-tenants`: each tenant with their address, caseworker, case status
 * and open cases, linking to `/tenant/{id}`), and Caseworkers (`POST /get-people`: who works
 * cases and how many, linking to their tenants). The endpoint takes no filters, so the search
 * (name, address, caseworker), the status filter, sorting and paging run in the browser, and
 * stay in the URL like every list's view. An administrator opens a case from here (`/tenant/new`).
 */
import type { Person, PeopleList, TenantList, TenantSummary } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { casesApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { Tabs, type Tab } from '../components/tabs.tsx';
import { DataTable, type ListColumn } from '../lists/data-table.tsx';
import { FilterBar } from '../lists/filter-bar.tsx';
import { formatDateTime } from '../lists/format.ts';
import { tableState, useDataGroup } from '../lists/use-data-group.ts';
import { useListQuery, type ListQuery } from '../lists/use-list-query.ts';
import { CaseStatusBadge, caseStatusLabels, caseStatuses } from '../features/operations/case-status.tsx';
import { formatNumber, sum } from '../features/operations/chart-data.ts';
import '../styles/operations.css';
import { EmailAddress } from '../components/email-address.tsx';
import { useViewer } from '../session/session.tsx';

const casesCalls = area(casesApi);

const noTenants: TenantList = { data: [] };
const noPeople: PeopleList = { data: [] };

const tenantColumns: ListColumn<TenantSummary>[] = [
  {
    id: 'name',
    accessorKey: 'name',
    header: () => <Trans>Tenant</Trans>,
    cell: ({ row }) => <Link to={`/tenant/${row.original.id}`}>{row.original.name}</Link>,
  },
  { id: 'address', accessorKey: 'address', header: () => <Trans>Address</Trans> },
  { id: 'caseworker', accessorKey: 'caseworker', header: () => <Trans>Caseworker</Trans> },
  { id: 'status', accessorKey: 'status', header: () => <Trans>Status</Trans>, cell: ({ row }) => <CaseStatusBadge status={row.original.status} /> },
  {
    id: 'open_cases',
    accessorKey: 'open_cases',
    header: () => <Trans>Open cases</Trans>,
    cell: (info) => <span className="ops-num">{formatNumber(info.getValue<number>())}</span>,
  },
  { id: 'updated_at', accessorKey: 'updated_at', header: () => <Trans>Last update</Trans>, cell: (info) => formatDateTime(info.getValue<string>()) },
];

type SortKey = 'name' | 'address' | 'caseworker' | 'status' | 'open_cases' | 'updated_at';
const sortKeys: readonly SortKey[] = ['name', 'address', 'caseworker', 'status', 'open_cases', 'updated_at'];

/** The tenants a view shows: matching the words and the status, sorted, one page of them. */
function viewOf(tenants: TenantSummary[], query: ListQuery): { rows: TenantSummary[]; total: number } {
  const words = (query.filters.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const status = query.filters.status;
  const matching = tenants.filter((tenant) => {
    const text = `${tenant.name} ${tenant.address} ${tenant.caseworker}`.toLowerCase();
    return (!status || tenant.status === status) && words.every((word) => text.includes(word));
  });
  const sort = sortKeys.find((key) => key === query.filters.sort);
  if (sort) {
    const direction = query.filters.order === 'desc' ? -1 : 1;
    matching.sort((a, b) => {
      const left = a[sort];
      const right = b[sort];
      return (typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right))) * direction;
    });
  }
  const start = (query.page - 1) * query.limit;
  return { rows: matching.slice(start, start + query.limit), total: matching.length };
}

function StatusFilter({ query }: { query: ListQuery }) {
  const id = useId();
  const { t, i18n } = useLingui();
  return (
    <div className="field">
      <label htmlFor={id}>
        <Trans>Status</Trans>
      </label>
      <select id={id} className="select" value={query.filters.status ?? ''} onChange={(event) => query.setFilters({ status: event.target.value })}>
        <option value="">{t`Every status`}</option>
        {caseStatuses.map((status) => (
          <option key={status.value} value={status.value}>
            {i18n._(status.label)}
          </option>
        ))}
      </select>
    </div>
  );
}

function TenantsPanel() {
  const { t, i18n } = useLingui();
  const viewer = useViewer();
  const manages = Boolean(viewer?.isAdmin && !viewer.isPersonal);
  const query = useListQuery();
  const tenants = useDataGroup('tenants', noTenants, (_params: null, options) => casesCalls.tenants(options), null);
  const all = tenants.data.data;
  const view = viewOf(all, query);
  return (
    <section aria-labelledby="tenants-heading">
      <h2 id="tenants-heading" className="visually-hidden">
        <Trans>Tenants</Trans>
      </h2>
      {!tenants.loading && !tenants.error ? (
        <dl className="ops-figures">
          {[
            { label: t`Tenants`, value: all.length },
            { label: i18n._(caseStatusLabels.open), value: all.filter((tenant) => tenant.status === 'open').length },
            { label: i18n._(caseStatusLabels.monitoring), value: all.filter((tenant) => tenant.status === 'monitoring').length },
            { label: t`Open cases`, value: sum(all.map((tenant) => tenant.open_cases)) },
          ].map((figure) => (
            <div key={figure.label} className="stat ops-figure">
              <dt className="stat__label">{figure.label}</dt>
              <dd className="stat__value">{formatNumber(figure.value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {manages ? (
        <div className="form-actions">
          <Link className="button" to="/tenant/new">
            <Trans>Open a case</Trans>
          </Link>
        </div>
      ) : null}
      <FilterBar query={query} dates={false} searchLabel={t`Search tenants`}>
        <StatusFilter query={query} />
      </FilterBar>
      <DataTable
        caption={t`Tenants`}
        columns={tenantColumns}
        rows={view.rows}
        total={view.total}
        {...tableState(tenants)}
        empty={all.length === 0 ? t`No tenants yet.` : t`No tenants match these filters.`}
        query={query}
        getRowId={(tenant) => String(tenant.id)}
      />
    </section>
  );
}

const peopleColumns: ListColumn<Person>[] = [
  { id: 'name', accessorKey: 'name', header: () => <Trans>Name</Trans> },
  { id: 'role', accessorKey: 'role', header: () => <Trans>Role</Trans> },
  { id: 'email', accessorKey: 'email', header: () => <Trans>Email</Trans>, cell: (info) => <EmailAddress address={info.getValue<string>()} link /> },
  {
    id: 'cases',
    accessorKey: 'cases',
    header: () => <Trans>Cases</Trans>,
    cell: (info) => <span className="ops-num">{formatNumber(info.getValue<number>())}</span>,
  },
  {
    id: 'tenants',
    header: () => <Trans>Tenants</Trans>,
    cell: ({ row }) => {
      const { name } = row.original;
      return (
        <Link to={`/dsm?tab=tenants&search=${encodeURIComponent(name)}`}>
          <Trans>
            See tenants<span className="visually-hidden"> of {name}</span>
          </Trans>
        </Link>
      );
    },
  },
];

function CaseworkersPanel() {
  const { t } = useLingui();
  const people = useDataGroup('people', noPeople, (_params: null, options) => casesCalls.people(options), null);
  return (
    <section aria-labelledby="caseworkers-heading">
      <h2 id="caseworkers-heading" className="visually-hidden">
        <Trans>Caseworkers</Trans>
      </h2>
      <DataTable
        caption={t`Caseworkers`}
        columns={peopleColumns}
        rows={people.data.data}
        total={people.data.data.length}
        {...tableState(people)}
        empty={t`Nobody works cases yet.`}
        getRowId={(person) => String(person.id)}
      />
    </section>
  );
}

export default function CaseManagementPage() {
  const { t } = useLingui();
  const tabs: Tab[] = [
    { key: 'tenants', label: t`Tenants`, content: () => <TenantsPanel /> },
    { key: 'caseworkers', label: t`Caseworkers`, content: () => <CaseworkersPanel /> },
  ];
  return (
    <div className="page">
      <Tabs tabs={tabs} label={t`Case management`} />
    </div>
  );
}
