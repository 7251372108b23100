/**
 * Entry Book (`/time-entry`, administrators): the front desk's book of comings and goings.
 * The specification shows no content; designed as a form to record an entry (`POST /tna`,
 * action record: a staff member or a visitor, in or out, a note) beside the entries of one
 * day (`POST /tna`, action list, from and to that day; today unless the URL says `?day=`).
 * The people to choose from come from `POST /staffget` and `POST /visitorget`.
 */
import type { StaffList, TnaResponse, VisitorList } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { timeAttendanceApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { ListFailure } from '../lists/data-table.tsx';
import { tableState, useDataGroup } from '../lists/use-data-group.ts';
import { formatLongDay, isDay, today } from '../features/operations/calendar-dates.ts';
import { EntryForm } from '../features/operations/entry-form.tsx';
import { LoadingState } from '../features/operations/loading-state.tsx';
import { TimeEntriesTable } from '../features/operations/time-entries-table.tsx';
import { useUrlState } from '../features/operations/use-url-state.ts';
import '../styles/operations.css';

const timeAttendanceCalls = area(timeAttendanceApi);

const noStaff: StaffList = { data: [] };
const noVisitors: VisitorList = { data: [] };
const noEntries: TnaResponse = { code: 1, message: '', data: [] };

export default function TimeEntryPage() {
  const { t } = useLingui();
  const url = useUrlState();
  const ids = useId();
  const dayParam = url.get('day');
  const day = isDay(dayParam) ? dayParam : today();
  const staff = useDataGroup('timeAndAttendanceStaff', noStaff, (_params: null, options) => timeAttendanceCalls.staff(options), null);
  const visitors = useDataGroup('visitor', noVisitors, (_params: null, options) => timeAttendanceCalls.visitors(options), null);
  const entries = useDataGroup(
    'timeEntries',
    noEntries,
    (date: string, options) => timeAttendanceCalls.entries({ action: 'list', from: date, to: date }, options),
    day,
  );
  const recorded = (): void => {
    entries.refetch();
    staff.refetch();
    visitors.refetch();
  };
  const peopleFailure = staff.error ? staff.message : visitors.error ? visitors.message : null;
  const longDay = formatLongDay(day);

  return (
    <div className="page">
      <div className="ops-columns">
        <section className="card" aria-labelledby={`${ids}-record`}>
          <h2 id={`${ids}-record`}>
            <Trans>Record an entry</Trans>
          </h2>
          {staff.loading || visitors.loading ? <LoadingState label={t`Loading staff and visitors…`} /> : null}
          {peopleFailure ? (
            <ListFailure
              message={peopleFailure}
              onRetry={() => {
                staff.refetch();
                visitors.refetch();
              }}
            />
          ) : null}
          {!staff.loading && !visitors.loading && !peopleFailure ? (
            <EntryForm staff={staff.data.data} visitors={visitors.data.data} onRecorded={recorded} />
          ) : null}
        </section>
        <section aria-labelledby={`${ids}-day`}>
          <div className="ops-section-head">
            <h2 id={`${ids}-day`}>
              <Trans>Entries on {longDay}</Trans>
            </h2>
            <div className="toolbar ops-flush">
              <div className="field">
                <label htmlFor={`${ids}-date`}>
                  <Trans>Day</Trans>
                </label>
                <input
                  id={`${ids}-date`}
                  className="input"
                  type="date"
                  value={day}
                  max={today()}
                  onChange={(event) => url.set({ day: isDay(event.target.value) && event.target.value !== today() ? event.target.value : null })}
                />
              </div>
            </div>
          </div>
          <TimeEntriesTable
            caption={t`Entries on ${longDay}`}
            entries={entries.data.data}
            {...tableState(entries)}
            empty={t`No entries on this day yet.`}
          />
          <p className="ops-quiet ops-spaced">
            <Trans>
              Hours and visits over a period are in the <Link to="/time-attendance?tab=report">Time Attendance report</Link>.
            </Trans>
          </p>
        </section>
      </div>
    </div>
  );
}
