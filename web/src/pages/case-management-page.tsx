/**
 * Case Management (`/dsm`). The specification shows no content; designed as two tabs (in the
 * URL): Tenants (`POST /get-tenants`: each tenant with their address, caseworker, case status
 * and open cases, linking to `/tenant/{id}`), and Caseworkers (`POST /get-people`: who works
 * cases and how many, linking to their tenants). The endpoint takes no filters, so the search
 * (name, address, caseworker), the status filter, sorting and paging run in the browser, and
 * stay in the URL like every list's view. An administrator opens a case from here (`/tenant/new`).
 */
import type { Person, PeopleList, TenantList, TenantSummary } from '@formsign/sdk';
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
import { CaseStatusBadge, caseStatuses } from '../features/operations/case-status.tsx';
import { formatNumber, sum } from '../features/operations/chart-data.ts';
import '../styles/operations.css';
import { EmailAddress } from '../components/email-address.tsx';
import { useViewer } from '../session/session.tsx';

const casesCalls = area(casesApi);

const noTenants: TenantList = { data: [] };
const noPeople: PeopleList = { data: [] };

const tenantColumns: ListColumn<TenantSummary>[] = [
  { id: 'name', accessorKey: 'name', header: 'Tenant', cell: ({ row }) => <Link to={`/tenant/${row.original.id}`}>{row.original.name}</Link> },
  { id: 'address', accessorKey: 'address', header: 'Address' },
  { id: 'caseworker', accessorKey: 'caseworker', header: 'Caseworker' },
  { id: 'status', accessorKey: 'status', header: 'Status', cell: ({ row }) => <CaseStatusBadge status={row.original.status} /> },
  {
    id: 'open_cases',
    accessorKey: 'open_cases',
    header: 'Open cases',
    cell: (info) => <span className="ops-num">{formatNumber(info.getValue<number>())}</span>,
  },
  { id: 'updated_at', accessorKey: 'updated_at', header: 'Last update', cell: (info) => formatDateTime(info.getValue<string>()) },
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
  return (
    <div className="field">
      <label htmlFor={id}>Status</label>
      <select id={id} className="select" value={query.filters.status ?? ''} onChange={(event) => query.setFilters({ status: event.target.value })}>
        <option value="">Every status</option>
        {caseStatuses.map((status) => (
          <option key={status.value} value={status.value}>
            {status.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function TenantsPanel() {
  const viewer = useViewer();
  const manages = Boolean(viewer?.isAdmin && !viewer.isPersonal);
  const query = useListQuery();
  const tenants = useDataGroup('tenants', noTenants, (_params: null, options) => casesCalls.tenants(options), null);
  const all = tenants.data.data;
  const view = viewOf(all, query);
  return (
    <section aria-labelledby="tenants-heading">
      <h2 id="tenants-heading" className="visually-hidden">
        Tenants
      </h2>
      {!tenants.loading && !tenants.error ? (
        <dl className="ops-figures">
          {[
            { label: 'Tenants', value: all.length },
            { label: 'Open', value: all.filter((tenant) => tenant.status === 'open').length },
            { label: 'Monitoring', value: all.filter((tenant) => tenant.status === 'monitoring').length },
            { label: 'Open cases', value: sum(all.map((tenant) => tenant.open_cases)) },
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
            Open a case
          </Link>
        </div>
      ) : null}
      <FilterBar query={query} dates={false} searchLabel="Search tenants">
        <StatusFilter query={query} />
      </FilterBar>
      <DataTable
        caption="Tenants"
        columns={tenantColumns}
        rows={view.rows}
        total={view.total}
        {...tableState(tenants)}
        empty={all.length === 0 ? 'No tenants yet.' : 'No tenants match these filters.'}
        query={query}
        getRowId={(tenant) => String(tenant.id)}
      />
    </section>
  );
}

const peopleColumns: ListColumn<Person>[] = [
  { id: 'name', accessorKey: 'name', header: 'Name' },
  { id: 'role', accessorKey: 'role', header: 'Role' },
  { id: 'email', accessorKey: 'email', header: 'Email', cell: (info) => <EmailAddress address={info.getValue<string>()} link /> },
  { id: 'cases', accessorKey: 'cases', header: 'Cases', cell: (info) => <span className="ops-num">{formatNumber(info.getValue<number>())}</span> },
  {
    id: 'tenants',
    header: 'Tenants',
    cell: ({ row }) => (
      <Link to={`/dsm?tab=tenants&search=${encodeURIComponent(row.original.name)}`}>
        See tenants<span className="visually-hidden"> of {row.original.name}</span>
      </Link>
    ),
  },
];

function CaseworkersPanel() {
  const people = useDataGroup('people', noPeople, (_params: null, options) => casesCalls.people(options), null);
  return (
    <section aria-labelledby="caseworkers-heading">
      <h2 id="caseworkers-heading" className="visually-hidden">
        Caseworkers
      </h2>
      <DataTable
        caption="Caseworkers"
        columns={peopleColumns}
        rows={people.data.data}
        total={people.data.data.length}
        {...tableState(people)}
        empty="Nobody works cases yet."
        getRowId={(person) => String(person.id)}
      />
    </section>
  );
}

const tabs: readonly Tab[] = [
  { key: 'tenants', label: 'Tenants', content: () => <TenantsPanel /> },
  { key: 'caseworkers', label: 'Caseworkers', content: () => <CaseworkersPanel /> },
];

export default function CaseManagementPage() {
  return (
    <div className="page">
      <Tabs tabs={tabs} label="Case management" />
    </div>
  );
}
