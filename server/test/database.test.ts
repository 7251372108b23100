import { beforeAll, describe, expect, it } from 'vitest';
import { submissionBatch, submissionSort, submissionsWhere } from '../src/modules/database/repository.js';
import {
  createOrganisation,
  insertForm,
  insertTemplate,
  organisationPassword,
  seedOtherCompanyForms,
  seedTimesheets,
  timeUnits,
  type FormRow,
  type Timesheets,
} from './support/form-rows.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

let admin = '';
let basic = '';
let sheets: Timesheets;
let harbour: Timesheets;
let leaveId = 0;
const leave: FormRow[] = [];

function queryOf(params: Record<string, string | number | undefined>, filters: Record<string, string | number> = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, String(value));
  for (const [name, value] of Object.entries(filters)) query.set(`filters[${name}]`, String(value));
  return query.toString();
}

beforeAll(async () => {
  const db = server.ctx.db;
  const now = server.clock.now();
  const { companyId } = await createOrganisation(db, server.ctx.passwords, 'Harbourside Data', 'hdata');
  sheets = await seedTimesheets(db, now, { companyId });
  leaveId = await insertTemplate(db, companyId, 'Leave Request', [
    { name: 'employee', label: 'Employee', type: 'text', required: true },
    { name: 'days', label: 'Days', type: 'number', required: true },
    { name: 'reason', label: 'Reason', type: 'select', required: true, options: ['Holiday', 'Illness'] },
  ]);
  for (const [i, values] of [
    { employee: 'Ruby Scott', days: 2, reason: 'Holiday' },
    { employee: 'Nina Kowalski', days: 5, reason: 'Illness' },
  ].entries()) {
    const completedAt = new Date(now.getTime() - (i + 1) * timeUnits.hour);
    const id = await insertForm(db, {
      companyId,
      templateId: leaveId,
      reference: `LR-${i}`,
      title: 'Leave Request',
      status: 'completed',
      values,
      sentAt: completedAt,
      completedAt,
      senderName: 'Olivia Bennett',
    });
    leave.push({
      id,
      reference: `LR-${i}`,
      title: 'Leave Request',
      status: 'completed',
      values,
      sentAt: completedAt,
      completedAt,
      senderName: 'Olivia Bennett',
      deleted: false,
    });
  }
  harbour = await seedOtherCompanyForms(db, now);
  admin = (await server.signIn('hdata.admin', organisationPassword)).token;
  basic = (await server.signIn('hdata.basic', organisationPassword)).token;
});

async function database(
  params: Record<string, string | number | undefined>,
  filters: Record<string, string | number> = {},
  token = admin,
): Promise<Json> {
  const answer = await server.call('/database-forms', { method: 'GET', token, query: queryOf(params, filters) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const newestFirst = (rows: FormRow[]) => [...rows].sort((a, b) => (b.completedAt?.getTime() ?? 0) - (a.completedAt?.getTime() ?? 0) || b.id - a.id);
const timesheetData = ['employee', 'site', 'hours', 'week_ending', 'approved', 'notes'];

describe('the form database', () => {
  it('lists the submissions newest first with every field of the templates that have some', async () => {
    const page = await database({});
    expect(page).toMatchObject({ page: 1, limit: 25, total: 32, func: 'list', summary: null });
    // Leave Request comes first by title; signatures are not data a table shows.
    expect(page.rows).toEqual(['employee', 'days', 'reason', 'site', 'hours', 'week_ending', 'approved', 'notes']);
    const expected = newestFirst([...sheets.submissions, ...leave]).slice(0, 25);
    expect(page.data.map((row: Json) => row.id)).toEqual(expected.map((row) => row.id));
    expect(page.data[0]).toEqual({
      id: leave[0]?.id,
      reference: 'LR-0',
      template: 'Leave Request',
      submitted_by: 'Olivia Bennett',
      submitted_at: leave[0]?.completedAt?.toISOString(),
      values: { employee: 'Ruby Scott', days: 2, reason: 'Holiday', site: null, hours: null, week_ending: null, approved: null, notes: null },
    });
  });

  it("shows a template's own fields, the ones chosen, a page at a time", async () => {
    const all = await database({ limit: 10, page: 2 }, { template: sheets.templateId });
    expect(all).toMatchObject({ page: 2, limit: 10, total: 30, rows: timesheetData });
    expect(all.data.map((row: Json) => row.reference)).toEqual(
      newestFirst(sheets.submissions)
        .slice(10, 20)
        .map((row) => row.reference),
    );
    const chosen = await database({ rows: 'hours, employee,hours' }, { template: sheets.templateId });
    expect(chosen.rows).toEqual(['hours', 'employee']);
    const first = newestFirst(sheets.submissions)[0];
    expect(chosen.data[0].values).toEqual({ hours: first?.values['hours'], employee: first?.values['employee'] });
  });

  it('sums, averages and counts the first number field over every matching submission', async () => {
    const hours = sheets.submissions.map((row) => Number(row.values['hours']));
    const total = hours.reduce((a, b) => a + b, 0);
    const sum = await database({ rows: 'employee,hours', func: 'sum', limit: 5 }, { template: sheets.templateId });
    expect(sum.summary).toEqual({ field: 'hours', value: total });
    expect(sum.data).toHaveLength(5);
    expect((await database({ rows: 'employee,hours', func: 'average' }, { template: sheets.templateId })).summary).toEqual({
      field: 'hours',
      value: Math.round((total / 30) * 100) / 100,
    });
    expect((await database({ rows: 'hours', func: 'count' }, { template: sheets.templateId })).summary).toEqual({ field: 'hours', value: 30 });
    // Counting a text field counts the submissions that answered it.
    const notes = sheets.submissions.filter((row) => row.values['notes'] !== '').length;
    expect((await database({ rows: 'notes', func: 'count' }, { template: sheets.templateId })).summary).toEqual({ field: 'notes', value: notes });
    // Over the filtered submissions only.
    const ruby = sheets.submissions.filter((row) => row.senderName === 'Ruby Scott');
    const rubySum = await database({ rows: 'hours', func: 'sum' }, { template: sheets.templateId, search: 'ruby' });
    expect(rubySum.total).toBe(ruby.length);
    expect(rubySum.summary.value).toBe(ruby.reduce((a, row) => a + Number(row.values['hours']), 0));
  });

  it('filters by words (references, titles, who sent them) and completion days; sorts by a column or a field', async () => {
    expect((await database({}, { search: 'TS-2026-105' })).data.map((row: Json) => row.reference)).toEqual(['TS-2026-105']);
    expect((await database({}, { search: 'olivia' })).data.map((row: Json) => row.reference)).toEqual(['LR-0', 'LR-1']);
    expect((await database({}, { search: 'leave req' })).total).toBe(2);
    expect((await database({}, { search: 'Harbour House' })).total).toBe(0);
    const day = (date: Date | null) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(date ?? new Date(0));
    const from = day(sheets.submissions[9]?.completedAt ?? null);
    const to = day(sheets.submissions[4]?.completedAt ?? null);
    const window = sheets.submissions.filter((row) => day(row.completedAt) >= from && day(row.completedAt) <= to);
    const ranged = await database({}, { template: sheets.templateId, from, to });
    expect(ranged.data.map((row: Json) => row.reference)).toEqual(newestFirst(window).map((row) => row.reference));
    expect(window).toHaveLength(6);

    const byHours = await database({ rows: 'hours', limit: 100 }, { template: sheets.templateId, sort: 'hours', order: 'desc' });
    expect(byHours.data.map((row: Json) => row.values.hours)).toEqual(
      sheets.submissions.map((row) => Number(row.values['hours'])).sort((a, b) => b - a),
    );
    const byReference = await database({ limit: 3 }, { template: sheets.templateId, sort: 'reference' });
    expect(byReference.data.map((row: Json) => row.reference)).toEqual(['TS-2026-100', 'TS-2026-101', 'TS-2026-102']);
  });

  it('refuses fields the submissions do not have, and a sum without a number field (400)', async () => {
    const refused = async (params: Record<string, string>, filters: Record<string, string | number>) =>
      (await server.call('/database-forms', { method: 'GET', token: admin, query: queryOf(params, filters) })).body;
    expect(await refused({ rows: 'employee,shoe_size' }, { template: sheets.templateId })).toEqual({
      message: 'There is no field "shoe_size" in these submissions.',
    });
    expect(await refused({ rows: 'manager_signature' }, { template: sheets.templateId })).toEqual({
      message: 'There is no field "manager_signature" in these submissions.',
    });
    expect(await refused({ rows: 'employee,site', func: 'sum' }, { template: sheets.templateId })).toEqual({
      message: 'Show a number field to work out the sum.',
    });
    expect(await refused({ func: 'median' }, {})).toEqual({ message: 'Some of the values sent are not valid: func.' });
  });

  it("shows a basic user only the submissions of forms they sent or take part in, and never another organisation's", async () => {
    expect((await database({}, {}, basic)).total).toBe(0);
    const theirs = await database({}, { template: harbour.templateId });
    expect(theirs).toMatchObject({ total: 0, rows: [], data: [] });
    expect((await database({}, { search: 'HH-2026' })).total).toBe(0);
  });
});

describe('the export', () => {
  it('answers the matching submissions as CSV (RFC 4180), in the list order, names the file and defuses formulas', async () => {
    const answer = await server.call('/get-exports', {
      method: 'GET',
      token: admin,
      query: queryOf({}, { template: sheets.templateId, sort: 'reference', order: 'asc' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="formsign-export.csv"');
    const records = answer.text.split('\r\n');
    expect(records[0]).toBe('reference,template,submitted_by,submitted_at,employee,site,hours,week_ending,approved,notes');
    expect(records).toHaveLength(1 + 30 + 1);
    expect(records.at(-1)).toBe('');
    const byReference = [...sheets.submissions].sort((a, b) => a.reference.localeCompare(b.reference));
    const first = byReference[0];
    expect(records[1]).toBe(
      `TS-2026-100,Timesheet Approval,${first?.senderName},${first?.completedAt?.toISOString()},Amelia Hughes,Harbour House,20,2026-01-04,false,`,
    );
    expect(records[3]).toContain(',"\'=HYPERLINK(""http://evil.example"",""click"")"');
    expect(records[6]).toMatch(/,"Covered a shift, ""late"""$/);
    expect(records.slice(1, -1).map((line) => line.split(',')[0])).toEqual(byReference.map((row) => row.reference));
  });

  it('is recorded in the action records as an export', async () => {
    await server.call('/get-exports', { method: 'GET', token: admin, query: queryOf({}, { template: leaveId }) });
    const logs = await server.call('/fetch-logs', { method: 'GET', token: admin, query: 'filters[search]=exported' });
    expect(logs.body.data[0]).toMatchObject({ action: 'Exported database', target: 'Leave Request', user: 'admin@hdata.example' });
  });

  it("exports nothing of another organisation's template", async () => {
    const answer = await server.call('/get-exports', { method: 'GET', token: admin, query: queryOf({}, { template: harbour.templateId }) });
    expect(answer.text).toBe('reference,template,submitted_by,submitted_at\r\n');
  });

  it('reads batch after batch from where the last one ended, whatever the sort (each submission once)', async () => {
    const db = server.ctx.db;
    const fields = timesheetData;
    for (const [sort, order] of [
      ['submitted_at', 'desc'],
      ['reference', 'asc'],
      ['site', 'asc'],
      ['hours', 'desc'],
      ['approved', 'asc'],
      ['template', 'desc'],
    ] as const) {
      const where = submissionsWhere({ companyId: sheets.companyId, userId: 0, role: 'admin' }, { search: null, timeZone: 'Europe/London' });
      const order_ = submissionSort(sort, order, fields);
      const seen: number[] = [];
      let after: { position: string; id: number } | null = null;
      for (let round = 0; round < 20; round += 1) {
        const batch = await submissionBatch(db, where, order_, after, 7);
        seen.push(...batch.map((row) => row.id));
        const last = batch.at(-1);
        if (!last || batch.length < 7) break;
        after = { position: last.position, id: last.id };
      }
      const whole = await submissionBatch(db, where, order_, null, 100);
      expect(seen, `${sort} ${order}`).toEqual(whole.map((row) => row.id));
      expect(new Set(seen).size).toBe(32);
    }
  });
});
