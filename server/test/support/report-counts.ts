/**
 * The dashboard's form counts checked against the forms themselves: each company's kept
 * counts (`form_counts`, maintained by the database's triggers) must equal what counting its
 * forms again gives, worked out here in the test's own way (months by Intl, not by SQL).
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { formCountZones, formCounts, forms } from '../../src/db/schema.js';

/** A count as a sorted, comparable line: `kind month template status forms timed seconds`. */
type Line = string;

function monthIn(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(at);
  return `${parts.find((part) => part.type === 'year')?.value}-${parts.find((part) => part.type === 'month')?.value}-01`;
}

/** The counts the company's forms make, counted from them in `timeZone`. */
export async function recountedLines(db: Database, companyId: number, timeZone: string): Promise<Line[]> {
  const rows = await db.select().from(forms).where(eq(forms.companyId, companyId));
  const counts = new Map<string, { forms: number; timed: number; seconds: number }>();
  const add = (key: string, timedSeconds: number | null) => {
    const count = counts.get(key) ?? { forms: 0, timed: 0, seconds: 0 };
    count.forms += 1;
    if (timedSeconds !== null) {
      count.timed += 1;
      count.seconds += timedSeconds;
    }
    counts.set(key, count);
  };
  for (const form of rows) {
    if (form.deletedAt) continue;
    add(`sent ${form.sentAt ? monthIn(timeZone, form.sentAt) : '-'} ${form.templateId} ${form.status}`, null);
    if (form.completedAt)
      add(
        `completed ${monthIn(timeZone, form.completedAt)} ${form.templateId} ${form.status}`,
        form.sentAt ? (form.completedAt.getTime() - form.sentAt.getTime()) / 1000 : null,
      );
  }
  return [...counts].map(([key, count]) => `${key} ${count.forms} ${count.timed} ${count.seconds.toFixed(3)}`).sort();
}

/** The counts the database keeps for the company (rows that add up to nothing left out). */
export async function keptLines(db: Database, companyId: number): Promise<Line[]> {
  const rows = await db.select().from(formCounts).where(eq(formCounts.companyId, companyId));
  return rows
    .filter((row) => row.forms !== 0 || row.timed !== 0 || Number(row.seconds) !== 0)
    .map((row) => `${row.kind} ${row.month ?? '-'} ${row.templateId} ${row.status} ${row.forms} ${row.timed} ${Number(row.seconds).toFixed(3)}`)
    .sort();
}

/** The zone the company's counts are kept in (null before they were first counted). */
export async function countingZone(db: Database, companyId: number): Promise<string | null> {
  const [row] = await db.select({ timeZone: formCountZones.timeZone }).from(formCountZones).where(eq(formCountZones.companyId, companyId));
  return row?.timeZone ?? null;
}

/** The company's kept counts equal a recount of its forms, in the zone they are kept in. */
export async function expectCountsExact(db: Database, companyId: number): Promise<void> {
  const zone = await countingZone(db, companyId);
  expect(zone, 'the company counts its forms').not.toBeNull();
  expect(await keptLines(db, companyId), 'the form counts equal a recount').toEqual(await recountedLines(db, companyId, zone ?? 'UTC'));
}
