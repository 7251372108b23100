/**
 * Who is in, who visited, and the hours report.
 *
 * Designed where the specification is silent: staff are the company's users who are not
 * blocked; a person is in when their last entry is a clocking in made today (the company's
 * day). The report covers a period of at most 366 days in the company's time zone, one row per
 * person (by name) or per day: hours from each clocking in to the next clocking out, visits
 * (by the person visited, or by the day they began) and late arrivals (a day's first clocking
 * in after 09:00).
 */
import type { Staff, TimeReportRequest, TnaReport, Visitor } from '@formsign/sdk/contract';
import { displayNameOf, type Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { dayOf, daysBetween, isDay, rangeOf, zonedTime } from './calendar.js';
import { companyTimeZone } from '../../companies/repository.js';
import { peopleNames, recordedNames, reportSums, staffWithLastEntry, visitsSince, type StaffRecord, type VisitorRecord } from './repository.js';
import { msg, filled } from '#words';
import { say, type Language } from '../../i18n/i18n.js';

export const longestReportPeriod = 366;
/** A first clocking in after this (the company's time) is a late arrival. */
export const lateAfter = '09:00:00';
/** Visits of this many days are listed. */
export const visitorDays = 30;
/** The key of visits whose visitor named nobody, in a report by person. */
const reportTexts = {
  unnamed: msg({ message: 'Not named' }),
  person: msg({ message: 'Person {id}' }),
  tooLong: msg({ message: 'Choose a period of at most {days} days.' }),
};
/** Shifts may end this long after the period: the report reads the entries this far past it. */
const shiftLookAhead = 16 * 60 * 60_000;

function staffView(record: StaffRecord, todayStart: Date): Staff {
  return {
    id: record.id,
    name: displayNameOf(record),
    role: record.jobTitle || record.class,
    unit: record.unit.join(', '),
    present: record.lastDirection === 'in' && record.lastAt !== null && record.lastAt >= todayStart,
    last_entry: record.lastAt ? record.lastAt.toISOString() : null,
  };
}

function visitorView(visit: VisitorRecord): Visitor {
  return {
    id: visit.id,
    name: visit.name,
    company: visit.company,
    visiting: visit.visiting,
    arrived_at: visit.arrivedAt.toISOString(),
    left_at: visit.leftAt ? visit.leftAt.toISOString() : null,
  };
}

export async function listStaff(ctx: Pick<ServerContext, 'db' | 'now'>, principal: Principal): Promise<Staff[]> {
  const zone = await companyTimeZone(ctx.db, principal.companyId);
  const todayStart = zonedTime(dayOf(ctx.now(), zone), 0, zone);
  const staff = await staffWithLastEntry(ctx.db, principal.companyId);
  return staff.map((record) => staffView(record, todayStart));
}

export async function listVisitors(ctx: Pick<ServerContext, 'db' | 'now'>, principal: Principal): Promise<Visitor[]> {
  const since = new Date(ctx.now().getTime() - visitorDays * 24 * 60 * 60_000);
  return (await visitsSince(ctx.db, principal.companyId, since)).map(visitorView);
}

const rounded = (hours: number): number => Math.round(hours * 100) / 100;

type Row = TnaReport['rows'][number];

export async function timeReport(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  principal: Principal,
  data: TimeReportRequest,
  language: Language = 'en',
): Promise<TnaReport> {
  const { from, to } = data;
  const group = data.group ?? 'person';
  if (!isDay(from) || !isDay(to)) throw badRequest(msg({ message: 'Please choose the period as two dates.' }));
  if (from > to) throw badRequest(msg({ message: 'The start of the period must not be after its end.' }));
  if (daysBetween(from, to) > longestReportPeriod) throw badRequest(filled(reportTexts.tooLong, { days: longestReportPeriod }));
  const zone = await companyTimeZone(ctx.db, principal.companyId);
  const { start, end } = rangeOf(from, to, zone);
  const sums = await reportSums(
    ctx.db,
    principal.companyId,
    { start, end, lookAhead: new Date(end.getTime() + shiftLookAhead) },
    zone,
    group,
    lateAfter,
  );

  const rows = new Map<string, Row>();
  const row = (key: string): Row => {
    const found = rows.get(key.toLowerCase());
    if (found) return found;
    const made: Row = { key, staff_hours: 0, visits: 0, late_arrivals: 0 };
    rows.set(key.toLowerCase(), made);
    return made;
  };

  if (group === 'day') {
    for (const [day, hours] of sums.hours) row(day).staff_hours += hours;
    for (const [day, count] of sums.late) row(day).late_arrivals += count;
    for (const [day, count] of sums.visits) row(day).visits += count;
  } else {
    const ids = [...new Set([...sums.hours.keys(), ...sums.late.keys()].map(Number))];
    const names = await peopleNames(ctx.db, principal.companyId);
    const former = await recordedNames(
      ctx.db,
      principal.companyId,
      ids.filter((id) => !names.has(id)),
    );
    const nameOf = (id: string): string => {
      const person = names.get(Number(id));
      return person ? displayNameOf(person) : (former.get(Number(id)) ?? say(language, reportTexts.person, { id }));
    };
    for (const [id, hours] of sums.hours) row(nameOf(id)).staff_hours += hours;
    for (const [id, count] of sums.late) row(nameOf(id)).late_arrivals += count;
    for (const [visiting, count] of sums.visits) row(visiting.trim() || say(language, reportTexts.unnamed)).visits += count;
  }
  const sorted = [...rows.values()]
    .map((one) => ({ ...one, staff_hours: rounded(one.staff_hours) }))
    .sort((a, b) => (group === 'day' ? a.key.localeCompare(b.key) : a.key.localeCompare(b.key, 'en-GB')));
  return { from, to, group, rows: sorted };
}
