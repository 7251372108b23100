/**
 * Time Attendance (`/time-attendance`). The specification names staff, visitors and reports
 * but shows no content; designed as four tabs kept in the URL (`?tab=`): Staff (`POST
 * /staffget`: who is in now, filterable by presence and unit), Visitors (`POST /visitorget`:
 * the last 30 days, who is still on site), Entries (`POST /tna`, action list, over a period)
 * and Report (`POST /tna_report` over a period, grouped by person or by day, with totals
 * and a chart of the hours). The period and the filters are in the URL too. Administrators
 * get a link to the Entry Book, where entries are recorded.
 */
import type { Staff, StaffList, TnaReport, TnaResponse, Visitor, VisitorList } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { timeAttendanceApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { Tabs, type Tab } from '../components/tabs.tsx';
import { DataTable, ListFailure, type ListColumn } from '../lists/data-table.tsx';
import { formatDateTime } from '../lists/format.ts';
import { tableState, useDataGroup } from '../lists/use-data-group.ts';
import { useViewer } from '../session/session.tsx';
import { firstOfMonth, isDay, today } from '../features/operations/calendar-dates.ts';
import { Chart } from '../features/operations/chart.tsx';
import { formatNumber, sum } from '../features/operations/chart-data.ts';
import { DateRangeForm } from '../features/operations/date-range-form.tsx';
import { LoadingState } from '../features/operations/loading-state.tsx';
import { TimeEntriesTable } from '../features/operations/time-entries-table.tsx';
import { reportKey, TimeReportTable } from '../features/operations/time-report-table.tsx';
import { useUrlState, type UrlState } from '../features/operations/use-url-state.ts';
import '../styles/operations.css';

const timeAttendanceCalls = area(timeAttendanceApi);

const noStaff: StaffList = { data: [] };
const noVisitors: VisitorList = { data: [] };
const noEntries: TnaResponse = { code: 1, message: '', data: [] };

function Figures({ figures }: { figures: { label: string; value: string }[] }) {
  return (
    <dl className="ops-figures">
      {figures.map((figure) => (
        <div key={figure.label} className="stat ops-figure">
          <dt className="stat__label">{figure.label}</dt>
          <dd className="stat__value">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The period in the URL (`?from=&to=`): this month so far when it says none. */
function usePeriod(url: UrlState): { from: string; to: string } {
  const from = url.get('from');
  const to = url.get('to');
  return { from: isDay(from) ? from : firstOfMonth(), to: isDay(to) ? to : today() };
}

const staffColumns: ListColumn<Staff>[] = [
  { id: 'name', accessorKey: 'name', header: () => <Trans>Name</Trans> },
  { id: 'role', accessorKey: 'role', header: () => <Trans>Role</Trans> },
  { id: 'unit', accessorKey: 'unit', header: () => <Trans>Unit</Trans> },
  {
    id: 'present',
    accessorKey: 'present',
    header: () => <Trans>Now</Trans>,
    cell: (info) =>
      info.getValue<boolean>() ? (
        <span className="badge badge--success">
          <Trans context="present now">In</Trans>
        </span>
      ) : (
        <span className="badge">
          <Trans>Not in</Trans>
        </span>
      ),
  },
  {
    id: 'last_entry',
    accessorKey: 'last_entry',
    header: () => <Trans>Last entry</Trans>,
    cell: (info) => formatDateTime(info.getValue<string | null>()),
  },
];

function StaffPanel() {
  const { t } = useLingui();
  const url = useUrlState();
  const ids = useId();
  const staff = useDataGroup('timeAndAttendanceStaff', noStaff, (_params: null, options) => timeAttendanceCalls.staff(options), null);
  const presence = url.get('presence');
  const unit = url.get('unit') ?? '';
  const units = [...new Set(staff.data.data.map((person) => person.unit))].sort();
  const rows = staff.data.data.filter(
    (person) => (presence === 'in' ? person.present : presence === 'out' ? !person.present : true) && (!unit || person.unit === unit),
  );
  const inNow = staff.data.data.filter((person) => person.present).length;
  return (
    <section aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} className="visually-hidden">
        <Trans>Staff</Trans>
      </h2>
      {!staff.loading && !staff.error ? (
        <Figures
          figures={[
            { label: t`In now`, value: formatNumber(inNow) },
            { label: t`Not in`, value: formatNumber(staff.data.data.length - inNow) },
            { label: t`Staff`, value: formatNumber(staff.data.data.length) },
          ]}
        />
      ) : null}
      <div className="toolbar" role="group" aria-label={t`Staff filters`}>
        <div className="field">
          <label htmlFor={`${ids}-presence`}>
            <Trans>Show</Trans>
          </label>
          <select id={`${ids}-presence`} className="select" value={presence ?? ''} onChange={(event) => url.set({ presence: event.target.value })}>
            <option value="">{t`Everyone`}</option>
            <option value="in">{t`In now`}</option>
            <option value="out">{t`Not in`}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-unit`}>
            <Trans>Unit</Trans>
          </label>
          <select id={`${ids}-unit`} className="select" value={unit} onChange={(event) => url.set({ unit: event.target.value })}>
            <option value="">{t`All units`}</option>
            {units.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <DataTable
        caption={t`Staff`}
        columns={staffColumns}
        rows={rows}
        total={rows.length}
        {...tableState(staff)}
        empty={staff.data.data.length === 0 ? t`No staff record their time yet.` : t`Nobody matches these filters.`}
        getRowId={(person) => String(person.id)}
      />
    </section>
  );
}

const visitorColumns: ListColumn<Visitor>[] = [
  { id: 'name', accessorKey: 'name', header: () => <Trans>Visitor</Trans> },
  { id: 'company', accessorKey: 'company', header: () => <Trans context="a visitor's company">From</Trans> },
  { id: 'visiting', accessorKey: 'visiting', header: () => <Trans>Visiting</Trans> },
  { id: 'arrived_at', accessorKey: 'arrived_at', header: () => <Trans>Arrived</Trans>, cell: (info) => formatDateTime(info.getValue<string>()) },
  {
    id: 'left_at',
    accessorKey: 'left_at',
    header: () => <Trans context="when a visitor left">Left</Trans>,
    cell: (info) => {
      const left = info.getValue<string | null>();
      return left ? (
        formatDateTime(left)
      ) : (
        <span className="badge badge--warning">
          <Trans>On site</Trans>
        </span>
      );
    },
  },
];

function VisitorsPanel() {
  const { t } = useLingui();
  const ids = useId();
  const visitors = useDataGroup('visitor', noVisitors, (_params: null, options) => timeAttendanceCalls.visitors(options), null);
  const onSite = visitors.data.data.filter((visitor) => !visitor.left_at).length;
  return (
    <section aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} className="visually-hidden">
        <Trans>Visitors</Trans>
      </h2>
      {!visitors.loading && !visitors.error ? (
        <Figures
          figures={[
            { label: t`On site now`, value: formatNumber(onSite) },
            { label: t`Visits in the last 30 days`, value: formatNumber(visitors.data.data.length) },
          ]}
        />
      ) : null}
      <DataTable
        caption={t`Visitors of the last 30 days`}
        columns={visitorColumns}
        rows={visitors.data.data}
        total={visitors.data.data.length}
        {...tableState(visitors)}
        empty={t`No visitors in the last 30 days.`}
        getRowId={(visitor) => String(visitor.id)}
      />
    </section>
  );
}

function EntriesPanel() {
  const { t } = useLingui();
  const url = useUrlState();
  const ids = useId();
  const period = usePeriod(url);
  const kind = url.get('kind') ?? '';
  const entries = useDataGroup(
    'timeEntries',
    noEntries,
    (range: { from: string; to: string }, options) => timeAttendanceCalls.entries({ action: 'list', ...range }, options),
    period,
  );
  const rows = entries.data.data.filter((entry) => !kind || entry.kind === kind);
  return (
    <section aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} className="visually-hidden">
        <Trans>Entries</Trans>
      </h2>
      <DateRangeForm
        key={`${period.from}-${period.to}`}
        label={t`Period of the entries`}
        from={period.from}
        to={period.to}
        onApply={(range) => url.set(range)}
      >
        <div className="field">
          <label htmlFor={`${ids}-kind`}>
            <Trans>Who</Trans>
          </label>
          <select id={`${ids}-kind`} className="select" value={kind} onChange={(event) => url.set({ kind: event.target.value })}>
            <option value="">{t`Staff and visitors`}</option>
            <option value="staff">{t`Staff only`}</option>
            <option value="visitor">{t`Visitors only`}</option>
          </select>
        </div>
      </DateRangeForm>
      <TimeEntriesTable caption={t`Time entries`} entries={rows} {...tableState(entries)} empty={t`No entries in this period.`} />
    </section>
  );
}

function ReportPanel() {
  const { t } = useLingui();
  const url = useUrlState();
  const ids = useId();
  const period = usePeriod(url);
  const group = url.get('group') === 'day' ? 'day' : 'person';
  const report = useDataGroup<TnaReport | null, { from: string; to: string; group: 'person' | 'day' }>(
    'report',
    null,
    (request, options) => timeAttendanceCalls.report(request, options),
    { ...period, group },
  );
  const data = report.data;
  const byDay = data?.group === 'day';
  const caption = data ? (byDay ? t`Hours and visits by day` : t`Hours and visits by person`) : '';
  return (
    <section aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} className="visually-hidden">
        <Trans>Report</Trans>
      </h2>
      <DateRangeForm
        key={`${period.from}-${period.to}`}
        label={t`Period of the report`}
        from={period.from}
        to={period.to}
        onApply={(range) => url.set(range)}
      >
        <div className="field">
          <label htmlFor={`${ids}-group`}>
            <Trans>Group by</Trans>
          </label>
          <select
            id={`${ids}-group`}
            className="select"
            value={group}
            onChange={(event) => url.set({ group: event.target.value === 'day' ? 'day' : null })}
          >
            <option value="person">{t`Person`}</option>
            <option value="day">{t`Day`}</option>
          </select>
        </div>
      </DateRangeForm>
      {report.loading ? <LoadingState label={t`Preparing the report…`} /> : null}
      {report.error ? <ListFailure message={report.message ?? ''} onRetry={report.refetch} /> : null}
      {!report.loading && data && data.rows.length === 0 ? (
        <div className="empty-state card">
          <Trans>No time was recorded in this period.</Trans>
        </div>
      ) : null}
      {!report.loading && data && data.rows.length > 0 ? (
        <>
          <Figures
            figures={[
              { label: t`Staff hours`, value: formatNumber(sum(data.rows.map((row) => row.staff_hours))) },
              { label: t`Visits`, value: formatNumber(sum(data.rows.map((row) => row.visits))) },
              { label: t`Late arrivals`, value: formatNumber(sum(data.rows.map((row) => row.late_arrivals))) },
            ]}
          />
          <div className="ops-columns ops-columns--even">
            <div>
              <h3>{caption}</h3>
              <TimeReportTable report={data} caption={caption} />
            </div>
            <div className="card">
              <Chart
                title={byDay ? t`Staff hours by day` : t`Staff hours by person`}
                level={3}
                kind="bar"
                labels={data.rows.map((row) => reportKey(data, row.key))}
                series={[{ name: t`Staff hours`, values: data.rows.map((row) => row.staff_hours) }]}
                labelHeader={byDay ? t`Day` : t`Person`}
                unit="h"
                numbersIn={caption}
              />
            </div>
          </div>
        </>
      ) : null}
    </section>
  );
}

export default function TimeAttendancePage() {
  const { t } = useLingui();
  const viewer = useViewer();
  const tabs: Tab[] = [
    { key: 'staff', label: t`Staff`, content: () => <StaffPanel /> },
    { key: 'visitors', label: t`Visitors`, content: () => <VisitorsPanel /> },
    { key: 'entries', label: t`Entries`, content: () => <EntriesPanel /> },
    { key: 'report', label: t`Report`, content: () => <ReportPanel /> },
  ];
  return (
    <div className="page">
      {viewer?.isAdmin ? (
        <div className="ops-section-head">
          <p className="ops-quiet ops-flush">
            <Trans>Who is in, who visited and the hours worked.</Trans>
          </p>
          <Link className="button button--secondary button--small" to="/time-entry">
            <Trans>Record an entry in the Entry Book</Trans>
          </Link>
        </div>
      ) : null}
      <Tabs tabs={tabs} label={t`Time and attendance`} />
    </div>
  );
}
