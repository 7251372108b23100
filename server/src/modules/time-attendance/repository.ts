/**
 * The queries of time and attendance: staff with their last entry, visits, entries in a
 * period, and the report's sums. Every query is bounded by the company.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { timeEntries, users, visitors } from '../../db/schema.js';

export type TimeEntryRecord = typeof timeEntries.$inferSelect;
export type VisitorRecord = typeof visitors.$inferSelect;

export interface StaffRecord {
  id: number;
  name: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  class: string;
  unit: string[];
  lastDirection: 'in' | 'out' | null;
  lastAt: Date | null;
}

/** The company's staff (its users who are not blocked), each with their last time entry. */
export async function staffWithLastEntry(db: Database, companyId: number): Promise<StaffRecord[]> {
  const last = db
    .selectDistinctOn([timeEntries.person], { person: timeEntries.person, direction: timeEntries.direction, at: timeEntries.at })
    .from(timeEntries)
    .where(and(eq(timeEntries.companyId, companyId), eq(timeEntries.kind, 'staff')))
    .orderBy(timeEntries.person, desc(timeEntries.at), desc(timeEntries.id))
    .as('last_entry');
  return db
    .select({
      id: users.id,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      jobTitle: users.jobTitle,
      class: users.class,
      unit: users.unit,
      lastDirection: last.direction,
      lastAt: last.at,
    })
    .from(users)
    .leftJoin(last, eq(last.person, users.id))
    .where(and(eq(users.companyId, companyId), isNull(users.blockedAt)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** A staff member of the company (a user who is not blocked). */
export async function findStaff(db: Database, companyId: number, id: number): Promise<typeof users.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id), isNull(users.blockedAt)));
  return row;
}

/** The visits that began at or after `since`, newest first. */
export async function visitsSince(db: Database, companyId: number, since: Date): Promise<VisitorRecord[]> {
  return db
    .select()
    .from(visitors)
    .where(and(eq(visitors.companyId, companyId), gte(visitors.arrivedAt, since)))
    .orderBy(desc(visitors.arrivedAt), desc(visitors.id));
}

/** A visit of the company, locked for the change about to be made. */
export async function findVisitForUpdate(db: Database, companyId: number, id: number): Promise<VisitorRecord | undefined> {
  const [row] = await db
    .select()
    .from(visitors)
    .where(and(eq(visitors.companyId, companyId), eq(visitors.id, id)))
    .for('update');
  return row;
}

/** A visit that begins now: a new visitor, or one who left and comes back. */
export async function insertVisit(db: Database, visit: typeof visitors.$inferInsert): Promise<VisitorRecord> {
  const [row] = await db.insert(visitors).values(visit).returning();
  if (!row) throw new Error('The visit was not recorded.');
  return row;
}

/** A visit ends: its visitor left at `at`. */
export async function endVisit(db: Database, id: number, at: Date): Promise<void> {
  await db.update(visitors).set({ leftAt: at }).where(eq(visitors.id, id));
}

export async function insertTimeEntry(db: Database, entry: typeof timeEntries.$inferInsert): Promise<void> {
  await db.insert(timeEntries).values(entry);
}

/** The entries in `[start, end)`, newest first. */
export async function entriesBetween(db: Database, companyId: number, start: Date, end: Date): Promise<TimeEntryRecord[]> {
  return db
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.companyId, companyId), gte(timeEntries.at, start), lt(timeEntries.at, end)))
    .orderBy(desc(timeEntries.at), desc(timeEntries.id));
}

export async function countEntriesBetween(db: Database, companyId: number, start: Date, end: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(timeEntries)
    .where(and(eq(timeEntries.companyId, companyId), gte(timeEntries.at, start), lt(timeEntries.at, end)));
  return row?.n ?? 0;
}

export type ReportGroup = 'person' | 'day';

export interface ReportSums {
  /** Staff hours by person id (as text) or by day. */
  hours: Map<string, number>;
  /** Late arrivals by person id (as text) or by day. */
  late: Map<string, number>;
  /** Visits by the name of the person visited, or by day. */
  visits: Map<string, number>;
}

/** Pairs longer than this are a forgotten clocking out, not a shift. */
const longestShift = sql.raw(`interval '16 hours'`);

/**
 * A time zone written into the query as a literal: the same expression appears in a select
 * and its `group by`, which PostgreSQL matches only when they are identical (two parameters
 * are not). The name is checked to be a zone name first.
 */
function zoneLiteral(zone: string): SQL {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(zone)) throw new Error(`Not a time zone: ${zone}`);
  return sql.raw(`'${zone}'`);
}

/**
 * The report's sums over `[start, end)` in the zone, computed by the database: hours from
 * each staff member's clocking in to their next clocking out (a shift that ends after the
 * period counts for the day it began; an in without an out, or a pair longer than 16 hours,
 * counts nothing), late arrivals (a day's first clocking in after `lateAfter`, `HH:MM:SS`), and
 * visits that began in the period.
 */
export async function reportSums(
  db: Database,
  companyId: number,
  range: { start: Date; end: Date; lookAhead: Date },
  zone: string,
  group: ReportGroup,
  lateAfter: string,
): Promise<ReportSums> {
  const tz = zoneLiteral(zone);
  const window = sql`partition by ${timeEntries.person} order by ${timeEntries.at}, ${timeEntries.id}`;
  const paired = db
    .select({
      person: timeEntries.person,
      direction: timeEntries.direction,
      at: timeEntries.at,
      nextDirection: sql<string | null>`lead(${timeEntries.direction}) over (${window})`.as('next_direction'),
      nextAt: sql<Date | null>`lead(${timeEntries.at}) over (${window})`.as('next_at'),
    })
    .from(timeEntries)
    .where(
      and(eq(timeEntries.companyId, companyId), eq(timeEntries.kind, 'staff'), gte(timeEntries.at, range.start), lt(timeEntries.at, range.lookAhead)),
    )
    .as('paired');
  const shiftKey = group === 'person' ? sql<string>`${paired.person}::text` : sql<string>`to_char(${paired.at} at time zone ${tz}, 'YYYY-MM-DD')`;
  const shifts = await db
    .select({ key: shiftKey, seconds: sql<string>`sum(extract(epoch from (${paired.nextAt} - ${paired.at})))` })
    .from(paired)
    .where(
      and(
        eq(paired.direction, 'in'),
        eq(paired.nextDirection, 'out'),
        lt(paired.at, range.end),
        sql`${paired.nextAt} - ${paired.at} <= ${longestShift}`,
      ),
    )
    .groupBy(shiftKey);

  const localDay = sql<string>`to_char(${timeEntries.at} at time zone ${tz}, 'YYYY-MM-DD')`;
  const firsts = db
    .select({ person: timeEntries.person, day: localDay.as('day'), firstIn: sql<Date>`min(${timeEntries.at})`.as('first_in') })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.companyId, companyId),
        eq(timeEntries.kind, 'staff'),
        eq(timeEntries.direction, 'in'),
        gte(timeEntries.at, range.start),
        lt(timeEntries.at, range.end),
      ),
    )
    .groupBy(timeEntries.person, localDay)
    .as('firsts');
  const lateKey = group === 'person' ? sql<string>`${firsts.person}::text` : sql<string>`${firsts.day}`;
  const late = await db
    .select({ key: lateKey, n: count() })
    .from(firsts)
    .where(sql`to_char(${firsts.firstIn} at time zone ${tz}, 'HH24:MI:SS') > ${lateAfter}`)
    .groupBy(lateKey);

  const visitKey =
    group === 'person' ? sql<string>`${visitors.visiting}` : sql<string>`to_char(${visitors.arrivedAt} at time zone ${tz}, 'YYYY-MM-DD')`;
  const visits = await db
    .select({ key: visitKey, n: count() })
    .from(visitors)
    .where(and(eq(visitors.companyId, companyId), gte(visitors.arrivedAt, range.start), lt(visitors.arrivedAt, range.end)))
    .groupBy(visitKey);

  return {
    hours: new Map(shifts.map((row) => [row.key, Number(row.seconds ?? 0) / 3600])),
    late: new Map(late.map((row) => [row.key, row.n])),
    visits: new Map(visits.map((row) => [row.key, row.n])),
  };
}

/** The names of the company's people by id (current names: a renamed person's entries go under their new name). */
export async function peopleNames(db: Database, companyId: number): Promise<Map<number, { firstName: string; lastName: string; name: string }>> {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, name: users.name })
    .from(users)
    .where(eq(users.companyId, companyId));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The names entries were recorded under, for people who are no longer users. */
export async function recordedNames(db: Database, companyId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([timeEntries.person], { person: timeEntries.person, name: timeEntries.name })
    .from(timeEntries)
    .where(and(eq(timeEntries.companyId, companyId), eq(timeEntries.kind, 'staff'), inArray(timeEntries.person, [...ids])))
    .orderBy(timeEntries.person, desc(timeEntries.at));
  return new Map(rows.map((row) => [row.person, row.name]));
}
