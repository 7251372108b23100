/**
 * The dashboard's form counts: kept exact by the database through every kind of change of a
 * form (inserted, sent, completed, withdrawn, moved to another template, deleted, restored,
 * removed, many at once), counted again in a company's new time zone, and answering what
 * the dashboard answered when it counted the forms themselves, for several starting months.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyTimeZone } from '../src/companies/repository.js';
import { defaultSettings } from '../src/companies/settings.js';
import type { Database } from '../src/db/database.js';
import { rawRows } from '../src/db/raw-rows.js';
import { companies, formCounts, forms, templates } from '../src/db/schema.js';
import { dashboardChart } from '../src/modules/analytics/dashboard.js';
import { firstDay, monthsEnding } from '../src/modules/analytics/months.js';
import { countsIn, formsByStatus, formsPerMonth, hoursToComplete, templatesUsed } from '../src/modules/analytics/repository.js';
import { createOrganisation, insertForm, insertTemplate, organisationPassword, timeUnits } from './support/form-rows.js';
import { countingZone, expectCountsExact, keptLines, recountedLines } from './support/report-counts.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();
const { hour } = timeUnits;

let companyId = 0;
let first = 0;
let second = 0;
let made = 0;

/** An instant `hours` away from the first moment (UTC) of the month `back` months before now's. */
function nearMonthStart(back: number, hours: number): Date {
  const now = server.clock.now();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1) + hours * hour);
}

async function add(
  template: number,
  status: (typeof forms.$inferInsert)['status'],
  sentAt: Date | null,
  completedAt: Date | null = null,
): Promise<number> {
  made += 1;
  return insertForm(server.ctx.db, { companyId, templateId: template, reference: `RC-${made}`, title: 'Counted', status, sentAt, completedAt });
}

async function setTimeZone(timezone: string): Promise<void> {
  const db = server.ctx.db;
  const [row] = await db.select({ settings: companies.settings }).from(companies).where(eq(companies.id, companyId));
  await db
    .update(companies)
    .set({ settings: { ...(row?.settings ?? defaultSettings()), timezone } })
    .where(eq(companies.id, companyId));
}

/** The dashboard's queries as they were before the counts: over the forms themselves. */
const direct = {
  since: (column: string, timeZone: string, start: string) => sql.raw(`${column} >= ('${start}'::date)::timestamp at time zone '${timeZone}'`),
  async perMonth(db: Database, timeZone: string, start: string) {
    const month = (column: string) => sql.raw(`date_trunc('month', ${column} at time zone '${timeZone}')`);
    return rawRows<{ kind: string; month: string; n: number }>(
      db,
      sql`select kind, to_char(month, 'YYYY-MM') as month, n from (
            select 'sent' as kind, ${month('sent_at')} as month, count(*)::int as n from forms
             where company_id = ${companyId} and deleted_at is null and ${this.since('sent_at', timeZone, start)} group by 2
            union all
            select 'completed', ${month('completed_at')}, count(*)::int from forms
             where company_id = ${companyId} and deleted_at is null and ${this.since('completed_at', timeZone, start)} group by 2) as counted`,
    );
  },
  async byStatus(db: Database, timeZone: string, start: string) {
    return rawRows<{ status: string; n: number }>(
      db,
      sql`select status, count(*)::int as n from forms
           where company_id = ${companyId} and deleted_at is null and ${this.since('sent_at', timeZone, start)} group by 1`,
    );
  },
  async top(db: Database, timeZone: string, start: string) {
    return rawRows<{ title: string; n: number }>(
      db,
      sql`select templates.title, counted.n from (select template_id, count(*)::int as n from forms
             where company_id = ${companyId} and deleted_at is null and ${this.since('sent_at', timeZone, start)}
             group by 1) as counted
          join templates on templates.id = counted.template_id order by counted.n desc, templates.title, counted.template_id`,
    );
  },
  async hours(db: Database, timeZone: string, start: string) {
    return rawRows<{ month: string; hours: number }>(
      db,
      sql`select to_char(month, 'YYYY-MM') as month, hours from (
            select date_trunc('month', completed_at at time zone ${timeZone}) as month,
                   round((avg(extract(epoch from (completed_at - sent_at))) / 3600)::numeric, 2)::float8 as hours
              from forms where company_id = ${companyId} and deleted_at is null and sent_at is not null
               and ${this.since('completed_at', timeZone, start)} group by 1) as averaged`,
    );
  },
};

const sorted = <T>(rows: T[]): string[] => rows.map((row) => JSON.stringify(row)).sort();

/** Every chart's rows from the counts equal those of the forms themselves, from several starting months. */
async function expectSameAsDirect(): Promise<void> {
  const db = server.ctx.db;
  const timeZone = await companyTimeZone(db, companyId);
  await countsIn(db, companyId, timeZone);
  expect(await countingZone(db, companyId)).toBe(timeZone);
  await expectCountsExact(db, companyId);
  for (const back of [1, 3, 12, 30]) {
    const start = firstDay(monthsEnding(server.clock.now(), timeZone, back)[0] ?? { key: '1970-01', label: '' });
    expect(sorted(await formsPerMonth(db, companyId, start)), `per month from ${start}`).toEqual(sorted(await direct.perMonth(db, timeZone, start)));
    expect(await templatesUsed(db, companyId, start), `templates from ${start}`).toEqual(await direct.top(db, timeZone, start));
    expect(sorted(await formsByStatus(db, companyId, start)), `by status from ${start}`).toEqual(sorted(await direct.byStatus(db, timeZone, start)));
    expect(sorted(await hoursToComplete(db, companyId, start)), `hours from ${start}`).toEqual(sorted(await direct.hours(db, timeZone, start)));
  }
}

beforeAll(async () => {
  ({ companyId } = await createOrganisation(server.ctx.db, server.ctx.passwords, 'Counted Homes Ltd', 'counted'));
  first = await insertTemplate(server.ctx.db, companyId, 'Care Plan');
  second = await insertTemplate(server.ctx.db, companyId, 'Incident Report');
});

describe('the form counts', () => {
  it("are kept from a new company's first form, in its time zone", async () => {
    expect(await countingZone(server.ctx.db, companyId)).toBe('Europe/London');
    await add(first, 'draft', null);
    await expectCountsExact(server.ctx.db, companyId);
  });

  it('follow every change of a form, one at a time and many at once', async () => {
    const db = server.ctx.db;
    const check = () => expectCountsExact(db, companyId);
    const sent = await add(first, 'sent', nearMonthStart(1, -2));
    const other = await add(second, 'in_progress', nearMonthStart(2, 5));
    await check();
    // Completed: it moves from the sent forms to the completed ones, with the time it took.
    await db
      .update(forms)
      .set({ status: 'completed', completedAt: new Date(nearMonthStart(1, -2).getTime() + 7.25 * hour + 13_500) })
      .where(eq(forms.id, sent));
    await check();
    // Answers saved: nothing counted changes.
    await db
      .update(forms)
      .set({ values: { employee: 'Ruby Scott' } })
      .where(eq(forms.id, other));
    await check();
    // Withdrawn, moved to another template, deleted, restored, removed.
    await db.update(forms).set({ status: 'cancelled' }).where(eq(forms.id, other));
    await check();
    await db.update(forms).set({ templateId: first }).where(eq(forms.id, other));
    await check();
    await db.update(forms).set({ deletedAt: server.clock.now() }).where(eq(forms.id, sent));
    await check();
    await db.update(forms).set({ deletedAt: null }).where(eq(forms.id, sent));
    await check();
    // Completed without having been sent (a form filled in by the sender alone): counted, not timed.
    const filled = await add(second, 'completed', null, nearMonthStart(0, 3));
    await check();
    // Many rows in one statement, some changing nothing that counts.
    const many = await Promise.all(Array.from({ length: 12 }, (_, i) => add(i % 2 ? first : second, 'sent', nearMonthStart(i % 4, i - 6))));
    await check();
    await db
      .update(forms)
      .set({ status: 'completed', completedAt: sql`${forms.sentAt} + interval '30 hours 17 seconds'` })
      .where(inArray(forms.id, many.slice(0, 8)));
    await check();
    await db
      .update(forms)
      .set({ sentAt: sql`${forms.sentAt} - interval '3 days'` })
      .where(inArray(forms.id, [...many.slice(4, 10), filled]));
    await check();
    await db.delete(forms).where(inArray(forms.id, [...many.slice(0, 3), other]));
    await check();
    await db.update(forms).set({ deletedAt: server.clock.now() }).where(eq(forms.companyId, companyId));
    await check();
    expect(await keptLines(db, companyId)).toEqual([]);
    await db.update(forms).set({ deletedAt: null }).where(eq(forms.companyId, companyId));
    await check();
    expect((await keptLines(db, companyId)).length).toBeGreaterThan(5);
  });

  it('answer what counting the forms themselves answers, in each time zone the company takes', async () => {
    // Forms sent and completed either side of the first moments of months, in UTC.
    for (const back of [0, 1, 2, 5, 11, 13])
      for (const hours of [-9, -5.5, -1, 0, 2.75, 6]) {
        const sentAt = nearMonthStart(back, hours);
        await add(
          back % 2 ? first : second,
          back === 0 ? 'sent' : 'completed',
          sentAt,
          back === 0 ? null : new Date(sentAt.getTime() + (hours + 10) * hour + 1_234),
        );
      }
    await expectSameAsDirect();
    // Half-hour and quarter-hour zones move forms across months: the counts follow.
    for (const zone of ['Asia/Kolkata', 'America/St_Johns', 'Asia/Kathmandu', 'Pacific/Kiritimati', 'UTC', 'Europe/London']) {
      await setTimeZone(zone);
      await expectSameAsDirect();
    }
  });

  it('give every chart of the dashboard, counted again when the zone changed', async () => {
    await setTimeZone('Asia/Kolkata');
    const before = await dashboardChart(server.ctx, companyId, 'formsPerMonth');
    expect(await countingZone(server.ctx.db, companyId)).toBe('Asia/Kolkata');
    // Kept as forms change from now on: a form sent now counts this month.
    await add(second, 'sent', server.clock.now());
    const after = await dashboardChart(server.ctx, companyId, 'formsPerMonth');
    expect(after.series[0]?.values.at(-1)).toBe((before.series[0]?.values.at(-1) ?? 0) + 1);
    const admin = (await server.signIn('counted.admin', organisationPassword)).token;
    const basic = (await server.signIn('counted.basic', organisationPassword)).token;
    for (const selectedChart of ['formsPerMonth', 'formsByStatus', 'formsByTemplate', 'signingTime'] as const) {
      const answer = await server.call('/get-dashboard', { token: admin, body: { selectedChart } });
      expect(answer.body).toEqual(await dashboardChart(server.ctx, companyId, selectedChart));
      // Everyone of the company sees the company's counts (counts only: no form or person named).
      expect((await server.call('/get-dashboard', { token: basic, body: { selectedChart } })).body).toEqual(answer.body);
    }
  });

  it('are counted again when they were never made, and go with their company', async () => {
    const db = server.ctx.db;
    await db.execute(sql`update form_count_zones set time_zone = null where company_id = ${companyId}`);
    await db.delete(formCounts).where(eq(formCounts.companyId, companyId));
    // While nothing is counted, changes of forms are not either: counting them all again catches up.
    await add(first, 'sent', server.clock.now());
    expect(await keptLines(db, companyId)).toEqual([]);
    await countsIn(db, companyId, 'Europe/London');
    expect(await keptLines(db, companyId)).toEqual(await recountedLines(db, companyId, 'Europe/London'));
    await db.delete(companies).where(eq(companies.id, companyId));
    expect(await db.select().from(formCounts).where(eq(formCounts.companyId, companyId))).toEqual([]);
    expect(await db.select().from(templates).where(eq(templates.companyId, companyId))).toEqual([]);
  });
});
