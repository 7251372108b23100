/**
 * The demo's time and attendance: four weeks of clocking in and out (day shifts, a long
 * shift, a few late arrivals), and the visitors of the last weeks, some still on site. Times
 * are the company's (Europe/London); nothing is recorded after the moment of seeding.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { companies, timeEntries, visitors } from '../db/schema.js';
import { addDays, dayOf, zonedTime } from '../modules/time-attendance/calendar.js';
import { knownTimeZone } from '../companies/repository.js';
import type { DemoContext } from './demo-areas.js';

/** Who clocks in, as whom the list shows, and when their shift starts (minutes after midnight). */
const staff = [
  { login: 'demo.basic', name: 'Liam Carter', start: 7 * 60 + 30, hours: 8 },
  { login: 'amelia.hughes', name: 'Amelia Hughes', start: 8 * 60, hours: 8.5 },
  { login: 'ethan.wright', name: 'Ethan Wright', start: 7 * 60 + 45, hours: 8 },
  { login: 'chloe.davies', name: 'Chloe Davies', start: 8 * 60 + 15, hours: 8 },
  { login: 'ruby.scott', name: 'Ruby Scott', start: 8 * 60 + 20, hours: 7.5 },
  { login: 'maya.fischer', name: 'Maya Fischer', start: 7 * 60, hours: 12 },
] as const;

const visits = [
  { daysAgo: 0, at: 9 * 60 + 28, stay: null, name: 'Kieran Doyle', company: 'British Gas', visiting: 'Amelia Hughes' },
  { daysAgo: 1, at: 12 * 60 + 54, stay: 76, name: 'Dr Helen Marsh', company: 'NHS Bristol', visiting: 'Chloe Davies' },
  { daysAgo: 3, at: 9 * 60 + 8, stay: 176, name: 'Patricia Evans', company: 'Family visit', visiting: 'Ruby Scott' },
  { daysAgo: 4, at: 10 * 60 + 59, stay: 131, name: 'Sanjay Gupta', company: 'Care Quality Commission', visiting: 'Olivia Bennett' },
  { daysAgo: 6, at: 13 * 60 + 40, stay: 38, name: 'Mark Bellamy', company: 'Brightwater Plumbing', visiting: 'Ethan Wright' },
  { daysAgo: 8, at: 12 * 60 + 30, stay: 93, name: 'Fiona Grant', company: 'Local authority', visiting: 'Amelia Hughes' },
  { daysAgo: 10, at: 9 * 60 + 54, stay: 174, name: 'George Evans', company: 'Family visit', visiting: 'Ruby Scott' },
  { daysAgo: 13, at: 10 * 60 + 1, stay: 44, name: 'Tariq Hussain', company: 'Openreach', visiting: 'Ethan Wright' },
  { daysAgo: 17, at: 14 * 60 + 24, stay: 42, name: 'Lily Evans', company: 'Family visit', visiting: 'Chloe Davies' },
  { daysAgo: 24, at: 11 * 60 + 35, stay: 172, name: 'Rachel Stone', company: 'NHS Bristol', visiting: 'Amelia Hughes' },
] as const;

/** A fixed sequence of small numbers, so the demo is the same on every new database. */
function variation(seed: number): number {
  return ((seed * 7919 + 104729) % 97) / 97;
}

function isWeekday(day: string): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday >= 1 && weekday <= 5;
}

export async function seedTimeAttendance(tx: Database, demo: DemoContext): Promise<void> {
  const [company] = await tx.select({ settings: companies.settings }).from(companies).where(eq(companies.id, demo.companyId));
  const zone = knownTimeZone(company?.settings.timezone);
  const today = dayOf(demo.now, zone);
  const frontDesk = 'Olivia Bennett';
  const entries: (typeof timeEntries.$inferInsert)[] = [];
  const past = (at: Date): boolean => at.getTime() <= demo.now.getTime();

  staff.forEach((person, p) => {
    const id = demo.userIds[person.login];
    if (id === undefined) return;
    for (let back = 27; back >= 0; back -= 1) {
      const day = addDays(today, -back);
      if (!isWeekday(day)) continue;
      const shake = variation(p * 100 + back);
      // Now and then someone is late (after 09:00 for the day shifts).
      const late = person.start < 12 * 60 && shake > 0.9;
      const start = person.start + Math.round(shake * 20) - 10 + (late ? 75 : 0);
      const inAt = zonedTime(day, start, zone);
      const outAt = new Date(inAt.getTime() + (person.hours * 60 + Math.round(variation(p * 31 + back) * 40) - 20) * 60_000);
      if (!past(inAt)) continue;
      const recordedBy = shake > 0.5 ? 'Self' : frontDesk;
      entries.push({
        companyId: demo.companyId,
        kind: 'staff',
        person: id,
        name: person.name,
        direction: 'in',
        at: inAt,
        note: late ? 'Late: bus delayed' : '',
        recordedBy,
      });
      if (past(outAt))
        entries.push({ companyId: demo.companyId, kind: 'staff', person: id, name: person.name, direction: 'out', at: outAt, note: '', recordedBy });
    }
  });

  for (const visit of visits) {
    const arrivedAt = zonedTime(addDays(today, -visit.daysAgo), visit.at, zone);
    if (!past(arrivedAt)) continue;
    const leftAt = visit.stay === null ? null : new Date(arrivedAt.getTime() + visit.stay * 60_000);
    const left = leftAt && past(leftAt) ? leftAt : null;
    const [row] = await tx
      .insert(visitors)
      .values({ companyId: demo.companyId, name: visit.name, company: visit.company, visiting: visit.visiting, arrivedAt, leftAt: left })
      .returning({ id: visitors.id });
    if (!row) continue;
    entries.push({
      companyId: demo.companyId,
      kind: 'visitor',
      person: row.id,
      name: visit.name,
      direction: 'in',
      at: arrivedAt,
      note: '',
      recordedBy: frontDesk,
    });
    if (left)
      entries.push({
        companyId: demo.companyId,
        kind: 'visitor',
        person: row.id,
        name: visit.name,
        direction: 'out',
        at: left,
        note: '',
        recordedBy: frontDesk,
      });
  }
  if (entries.length > 0) await tx.insert(timeEntries).values(entries);
}
