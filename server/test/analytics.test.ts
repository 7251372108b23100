import { beforeAll, describe, expect, it } from 'vitest';
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
const { day, hour } = timeUnits;

let admin = '';
let basic = '';
let sheets: Timesheets;
let harbour: Timesheets;
let leaveId = 0;
let meadowId = 0;
let visitorsId = 0;
let old: FormRow;
const leave: FormRow[] = [];

/** A month as London counts it (`2026-03`). */
function londonMonth(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit' }).formatToParts(date);
  return `${parts.find((part) => part.type === 'year')?.value}-${parts.find((part) => part.type === 'month')?.value}`;
}

/** The last 12 months, oldest first, worked out by stepping back from now. */
function lastMonths(now: Date): string[] {
  const months: string[] = [];
  const cursor = new Date(now);
  while (months.length < 12) {
    const month = londonMonth(cursor);
    if (months[0] !== month) months.unshift(month);
    cursor.setUTCDate(cursor.getUTCDate() - 1);
  }
  return months;
}

beforeAll(async () => {
  const db = server.ctx.db;
  const now = server.clock.now();
  const { companyId } = await createOrganisation(db, server.ctx.passwords, 'Meadow Analytics', 'meadow');
  sheets = await seedTimesheets(db, now, { companyId });
  leaveId = await insertTemplate(db, companyId, 'Leave Request');
  meadowId = companyId;
  const addLeave = async (reference: string, values: Record<string, string | number | boolean>, sentDaysAgo: number): Promise<void> => {
    const sentAt = new Date(now.getTime() - sentDaysAgo * day);
    const completedAt = new Date(sentAt.getTime() + 30 * hour);
    const id = await insertForm(db, {
      companyId,
      templateId: leaveId,
      reference,
      title: 'Leave Request',
      status: 'completed',
      values,
      sentAt,
      completedAt,
    });
    leave.push({
      id,
      reference,
      title: 'Leave Request',
      status: 'completed',
      values,
      sentAt,
      completedAt,
      senderName: 'Olivia Bennett',
      deleted: false,
    });
  };
  await addLeave('LR-1', { employee: 'Ruby Scott', site: 'Elm Court', hours: 7.5, approved: true }, 3);
  await addLeave('LR-2', { employee: 'Ruby Scott', site: 'Harbour House', hours: 15 }, 4);
  await addLeave('LR-3', { employee: 'Ethan Wright', site: 'Elm Court', hours: '22.5', approved: false }, 5);
  // Sent and completed more than a year ago: in the statuses, not in the months.
  const oldSent = new Date(now.getTime() - 400 * day);
  const oldId = await insertForm(db, {
    companyId,
    templateId: leaveId,
    reference: 'LR-0',
    title: 'Leave Request',
    status: 'completed',
    values: { employee: 'Maya Fischer', site: 'Elm Court', hours: 8, approved: true },
    sentAt: oldSent,
    completedAt: new Date(oldSent.getTime() + 2 * hour),
  });
  old = {
    id: oldId,
    reference: 'LR-0',
    title: 'Leave Request',
    status: 'completed',
    values: {},
    sentAt: oldSent,
    completedAt: new Date(oldSent.getTime() + 2 * hour),
    senderName: '',
    deleted: false,
  };
  leave.push(old);
  // A template of visitors: 56 different names.
  visitorsId = await insertTemplate(db, companyId, 'Visitor Log');
  for (let i = 0; i < 56; i += 1) {
    await insertForm(db, {
      companyId,
      templateId: visitorsId,
      reference: `VL-${i}`,
      title: 'Visitor Log',
      status: 'completed',
      values: { employee: `Visitor ${String(i).padStart(2, '0')}`, site: i < 6 ? 'Elm Court' : 'Harbour House', hours: 1 },
      sentAt: new Date(now.getTime() - 100 * day),
      completedAt: new Date(now.getTime() - 99 * day),
    });
  }
  // Another organisation's forms must count nowhere here.
  harbour = await seedOtherCompanyForms(db, now);
  admin = (await server.signIn('meadow.admin', organisationPassword)).token;
  basic = (await server.signIn('meadow.basic', organisationPassword)).token;
});

async function chart(selectedChart: string, token = admin): Promise<Json> {
  const answer = await server.call('/get-dashboard', { token, body: { selectedChart } });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Every form of the organisation that is not deleted, as inserted. */
const everyForm = (): FormRow[] => [
  ...sheets.forms.filter((form) => !form.deleted),
  ...leave,
  ...Array.from(
    { length: 56 },
    () =>
      ({
        sentAt: new Date(server.clock.now().getTime() - 100 * day),
        completedAt: new Date(server.clock.now().getTime() - 99 * day),
        status: 'completed',
      }) as FormRow,
  ),
];

describe('the dashboard', () => {
  it("counts forms sent and completed in each of the last 12 months (the company's time zone)", async () => {
    const months = lastMonths(server.clock.now());
    const answer = await chart('formsPerMonth');
    const count = (pick: (form: FormRow) => Date | null) =>
      months.map((month) => everyForm().filter((form) => pick(form) && londonMonth(pick(form) as Date) === month).length);
    expect(answer).toMatchObject({ chart: 'formsPerMonth', title: 'Forms per month', kind: 'bar' });
    expect(answer.labels).toHaveLength(12);
    expect(answer.labels.at(-1)).toBe(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', month: 'short' }).format(server.clock.now()));
    expect(answer.series).toEqual([
      { name: 'Sent', values: count((form) => form.sentAt) },
      { name: 'Completed', values: count((form) => form.completedAt) },
    ]);
    const sent = answer.series[0].values.reduce((a: number, b: number) => a + b, 0);
    // 35 timesheets sent (the draft was not, the deleted one is not counted), 3 leave requests, 56 visitors: the one of last year is out.
    expect(sent).toBe(35 + 3 + 56);
  });

  it('counts the forms sent in the last 12 months by status and by template alike (drafts, deleted and older forms left out)', async () => {
    const byStatus = await chart('formsByStatus');
    const byTemplate = await chart('formsByTemplate');
    const total = (answer: Json) => (answer.series[0].values as number[]).reduce((a, b) => a + b, 0);
    expect(total(byStatus)).toBe(35 + 3 + 56);
    expect(total(byTemplate)).toBe(total(byStatus));
  });

  it('counts forms by status, deleted ones left out', async () => {
    const answer = await chart('formsByStatus');
    expect(answer).toEqual({
      chart: 'formsByStatus',
      title: 'Forms by status',
      kind: 'pie',
      // The draft was never sent, and one completed timesheet was sent more than 12 months ago.
      labels: ['Completed', 'Sent', 'In progress', 'Awaiting approval'],
      series: [{ name: 'Forms', values: [30 + 4 + 56 - 1, 1, 3, 1] }],
    });
  });

  it('names the templates most forms were sent from in the last 12 months', async () => {
    expect(await chart('formsByTemplate')).toEqual({
      chart: 'formsByTemplate',
      title: 'Most used templates',
      kind: 'bar',
      labels: ['Visitor Log', 'Timesheet Approval', 'Leave Request'],
      series: [{ name: 'Forms', values: [56, 35, 3] }],
    });
  });

  it('averages the hours from sending to completion per month', async () => {
    const months = lastMonths(server.clock.now());
    const answer = await chart('signingTime');
    const expected = months.map((month) => {
      const done = everyForm().filter((form) => form.completedAt && form.sentAt && londonMonth(form.completedAt) === month);
      if (done.length === 0) return 0;
      const hours = done.reduce((sum, form) => sum + ((form.completedAt?.getTime() ?? 0) - (form.sentAt?.getTime() ?? 0)) / hour, 0) / done.length;
      return Math.round(hours * 100) / 100;
    });
    expect(answer).toMatchObject({ chart: 'signingTime', title: 'Hours to complete', kind: 'line' });
    expect(answer.series).toEqual([{ name: 'Average hours', values: expected }]);
    expect(expected.some((value) => value > 0)).toBe(true);
  });

  it('is for every signed-in person of the company, of their own company only', async () => {
    expect((await chart('formsByTemplate', basic)).labels).toEqual(['Visitor Log', 'Timesheet Approval', 'Leave Request']);
    const northwind = (await server.signIn('demo.admin')).token;
    expect((await chart('formsByTemplate', northwind)).labels).not.toContain('Visitor Log');
    expect((await server.call('/get-dashboard', { token: admin, body: { selectedChart: 'formsPerYear' } })).status).toBe(400);
  });
});

async function pivot(query: string, token = admin): Promise<{ status: number; body: Json }> {
  return server.call('/pivot-details', { method: 'GET', token, query });
}

describe('the analysis', () => {
  it("counts the submissions of a template by the answers of two fields, in the fields' own order", async () => {
    const answer = await pivot(`template=${sheets.templateId}&row=site&column=approved`);
    expect(answer.status).toBe(200);
    const sites = ['Harbour House', 'Elm Court', 'Riverside Lodge'];
    const cell = (site: string, approved: boolean) =>
      sheets.submissions.filter((form) => form.values['site'] === site && form.values['approved'] === approved).length;
    expect(answer.body).toEqual({
      template: { id: sheets.templateId, title: 'Timesheet Approval' },
      row: 'site',
      column: 'approved',
      value: 'count',
      rows: sites,
      columns: ['Yes', 'No'],
      cells: sites.map((site) => [cell(site, true), cell(site, false)]),
    });
    expect(answer.body.cells.flat().reduce((a: number, b: number) => a + b, 0)).toBe(30);
  });

  it('sums a number field instead of counting', async () => {
    const answer = await pivot(`template=${sheets.templateId}&row=employee&column=site&value=hours`);
    const employees = [...new Set(sheets.submissions.map((form) => String(form.values['employee'])))].sort((a, b) => a.localeCompare(b));
    expect(answer.body.rows).toEqual(employees);
    expect(answer.body.value).toBe('hours');
    const sum = (employee: string, site: string) =>
      sheets.submissions
        .filter((form) => form.values['employee'] === employee && form.values['site'] === site)
        .reduce((total, form) => total + Number(form.values['hours']), 0);
    expect(answer.body.cells).toEqual(employees.map((employee) => answer.body.columns.map((site: string) => sum(employee, site))));
  });

  it('defaults to the first template that can be analysed and its first two fields with short answers; numbers written as text add up; unanswered is said so', async () => {
    // First by title, but with one field of short answers: the one after it is shown.
    await insertTemplate(server.ctx.db, meadowId, 'Annual Notes', [{ name: 'notes', label: 'Notes', type: 'text', required: false }]);
    const answer = await pivot('value=hours');
    expect(answer.body).toMatchObject({ template: { id: leaveId, title: 'Leave Request' }, row: 'employee', column: 'site' });
    expect(answer.body.rows).toEqual(['Ethan Wright', 'Maya Fischer', 'Ruby Scott']);
    expect(answer.body.columns).toEqual(['Harbour House', 'Elm Court']);
    expect(answer.body.cells).toEqual([
      [0, 22.5],
      [0, 8],
      [15, 7.5],
    ]);
    const approvals = await pivot(`template=${leaveId}&row=site&column=approved`);
    expect(approvals.body.columns).toEqual(['Yes', 'No', 'Not answered']);
    expect(approvals.body.cells).toEqual([
      [0, 0, 1],
      [2, 1, 0],
    ]);
  });

  it('keeps the 50 most frequent answers and puts the others together', async () => {
    const answer = await pivot(`template=${visitorsId}&row=employee&column=site`);
    expect(answer.body.rows).toHaveLength(51);
    expect(answer.body.rows.at(-1)).toBe('Other answers');
    expect(answer.body.cells.flat().reduce((a: number, b: number) => a + b, 0)).toBe(56);
    expect(answer.body.cells.at(-1).reduce((a: number, b: number) => a + b, 0)).toBe(6);
  });

  it('refuses what it cannot analyse, in words (400)', async () => {
    const cases: [string, string][] = [
      [`template=${sheets.templateId}&row=shoe_size&column=site`, 'Timesheet Approval has no field "shoe_size".'],
      [`template=${sheets.templateId}&row=notes&column=site`, 'Notes cannot make rows or columns: choose a field with short answers.'],
      [`template=${sheets.templateId}&row=site&column=site`, 'Rows and columns need two different fields. Choose another field for one of them.'],
      [
        `template=${sheets.templateId}&row=site&column=approved&value=employee`,
        'Employee is not a number field: each cell shows the number of submissions or the sum of a number field.',
      ],
      [`template=999999`, 'This template does not exist or was deleted.'],
    ];
    for (const [query, message] of cases) expect(await pivot(query)).toMatchObject({ status: 400, body: { message } });
  });

  it("does not analyse another organisation's template, and says when there is nothing to analyse", async () => {
    expect(await pivot(`template=${harbour.templateId}`)).toMatchObject({
      status: 400,
      body: { message: 'This template does not exist or was deleted.' },
    });
    await createOrganisation(server.ctx.db, server.ctx.passwords, 'Empty Rooms Ltd', 'empty');
    const empty = (await server.signIn('empty.admin', organisationPassword)).token;
    expect(await pivot('', empty)).toMatchObject({ status: 400, body: { message: 'There are no templates to analyse yet.' } });
  });

  it('is for administrators only (403)', async () => {
    expect((await pivot('', basic)).status).toBe(403);
  });
});
