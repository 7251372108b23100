import { beforeAll, describe, expect, it } from 'vitest';
import { completedRiskAssessment } from './support/completed-form.js';
import { createOrganisation, insertAuditRows, insertForm, insertTemplate, organisationPassword } from './support/form-rows.js';
import { useTestServer, type Json } from './support/test-server.js';
import { pdfText } from './support/pdf-text.js';

const server = useTestServer();

/** A query string: `filters` as the app sends them (`filters[search]=...`). */
function queryOf(params: { page?: number; limit?: number; filters?: Record<string, string | number> }): string {
  const query = new URLSearchParams();
  if (params.page) query.set('page', String(params.page));
  if (params.limit) query.set('limit', String(params.limit));
  for (const [name, value] of Object.entries(params.filters ?? {})) query.set(`filters[${name}]`, String(value));
  return query.toString();
}

const march = { from: '2025-03-01', to: '2025-03-31' };
/** The first days of March: the actions inserted above, before the forms' trail. */
const early = { from: '2025-03-01', to: '2025-03-09' };
const at = (text: string) => new Date(text);

let admin = '';
let ids: Record<string, number> = {};

beforeAll(async () => {
  const db = server.ctx.db;
  const { companyId, adminId } = await createOrganisation(db, server.ctx.passwords, 'Quayside Lettings', 'quayside');
  const [a1, a2, a3, a4, a5, s1, s2, april] = await insertAuditRows(db, [
    { companyId, event: 'login', actor: 'Ada Admin', userId: adminId, target: 'quayside.admin', ip: '81.2.1.1', at: at('2025-03-03T09:00:00Z') },
    {
      companyId,
      event: 'user-changed',
      actor: 'Ada Admin',
      userId: adminId,
      target: 'basic@quayside.example',
      details: { type: 'status', value: 'blocked' },
      ip: '81.2.1.2',
      at: at('2025-03-04T09:00:00Z'),
    },
    { companyId, event: 'sent', actor: 'Ada Admin', userId: adminId, target: 'Lease Q-1', ip: '81.2.1.3', at: at('2025-03-05T09:00:00Z') },
    {
      companyId,
      event: 'downloaded',
      actor: 'Ada Admin',
      userId: adminId,
      target: 'All templates',
      details: { export: 'database' },
      ip: '81.2.1.4',
      at: at('2025-03-06T09:00:00Z'),
    },
    { companyId, event: 'signed', actor: 'Signer Sam', userId: null, target: 'Lease Q-1', ip: '81.2.1.5', at: at('2025-03-07T09:00:00Z') },
    {
      companyId,
      event: 'system',
      source: 'system',
      actor: '',
      level: 'warning',
      target: 'smtp',
      details: { message: 'Email delivery retried' },
      at: at('2025-03-05T02:00:00Z'),
    },
    {
      companyId,
      event: 'system',
      source: 'system',
      actor: '',
      level: 'error',
      target: 'integration 3',
      details: { message: 'SharePoint upload failed' },
      at: at('2025-03-06T02:00:00Z'),
    },
    { companyId, event: 'logout', actor: 'Ada Admin', userId: adminId, target: 'quayside.admin', at: at('2025-04-02T09:00:00Z') },
  ]);
  ids = { a1: a1 ?? 0, a2: a2 ?? 0, a3: a3 ?? 0, a4: a4 ?? 0, a5: a5 ?? 0, s1: s1 ?? 0, s2: s2 ?? 0, april: april ?? 0 };

  // Forms and their trail, for the form audit.
  const lease = await insertTemplate(db, companyId, 'Lease');
  const inventory = await insertTemplate(db, companyId, 'Inventory');
  const q1 = await insertForm(db, { companyId, templateId: lease, reference: 'Q-1', title: 'Lease of 4 Dock Road', status: 'completed' });
  const q2 = await insertForm(db, { companyId, templateId: lease, reference: 'Q-2', title: 'Lease of 9 Quay Street', status: 'disapproved' });
  const q3 = await insertForm(db, { companyId, templateId: inventory, reference: 'Q-3', title: 'Inventory of 4 Dock Road', status: 'draft' });
  const trail = await insertAuditRows(db, [
    { companyId, formId: q1, event: 'created', actor: 'Ada Admin', userId: adminId, ip: '81.2.2.1', at: at('2025-03-10T09:00:00Z') },
    { companyId, formId: q1, event: 'sent', actor: 'Ada Admin', userId: adminId, ip: '81.2.2.1', at: at('2025-03-10T09:05:00Z') },
    { companyId, formId: q1, event: 'opened', actor: 'Tenant Tom', ip: '81.2.2.2', at: at('2025-03-11T10:00:00Z') },
    { companyId, formId: q1, event: 'saved', actor: 'Tenant Tom', ip: '81.2.2.2', at: at('2025-03-11T10:05:00Z') },
    { companyId, formId: q1, event: 'signed', actor: 'Tenant Tom', ip: '81.2.2.2', at: at('2025-03-11T10:10:00Z') },
    { companyId, formId: q1, event: 'completed', actor: 'Tenant Tom', ip: '81.2.2.2', at: at('2025-03-12T08:00:00Z') },
    { companyId, formId: q1, event: 'delivered', source: 'system', actor: '', at: at('2025-03-12T08:01:00Z') },
    { companyId, formId: q2, event: 'created', actor: 'Ada Admin', userId: adminId, ip: '81.2.2.1', at: at('2025-03-13T09:00:00Z') },
    { companyId, formId: q2, event: 'sent', actor: 'Ada Admin', userId: adminId, ip: '81.2.2.1', at: at('2025-03-13T09:05:00Z') },
    { companyId, formId: q2, event: 'disapproved', actor: 'Mia Manager', ip: '81.2.2.3', at: at('2025-03-14T15:00:00Z') },
    { companyId, formId: q3, event: 'created', actor: 'Ada Admin', userId: adminId, ip: '81.2.2.1', at: at('2025-03-15T09:00:00Z') },
  ]);
  ids = { ...ids, q1Sent: trail[1] ?? 0, lease, q1, q2, q3, company: companyId };
  admin = (await server.signIn('quayside.admin', organisationPassword)).token;
});

async function logs(filters: Record<string, string | number>, paging: { page?: number; limit?: number } = {}, token = admin): Promise<Json> {
  const answer = await server.call('/fetch-logs', { method: 'GET', token, query: queryOf({ ...paging, filters }) });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function audit(filters: Record<string, string | number>, paging: { page?: number; limit?: number } = {}, token = admin): Promise<Json> {
  const answer = await server.call('/fetch-formaudit', { method: 'GET', token, query: queryOf({ ...paging, filters }) });
  expect(answer.status).toBe(200);
  return answer.body;
}

const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id);

describe('the action records', () => {
  it("list the company's user actions newest first, as people read them: who (their email), what, on what, from where", async () => {
    const page = await logs(early);
    expect(page).toMatchObject({ page: 1, limit: 25, total: 5 });
    const own = page.data;
    expect(idsOf(own)).toEqual([ids.a5, ids.a4, ids.a3, ids.a2, ids.a1]);
    // The form events of the month are user actions too (the system's delivery is not).
    expect((await logs(march)).total).toBe(15);
    expect(own[0]).toEqual({
      id: ids.a5,
      at: '2025-03-07T09:00:00.000Z',
      source: 'user',
      level: 'info',
      user: 'Signer Sam',
      action: 'Signed form',
      target: 'Lease Q-1',
      ip: '81.2.1.5',
    });
    expect(own.map((row: Json) => row.action)).toEqual(['Signed form', 'Exported database', 'Sent form', 'Blocked user', 'Logged in']);
    expect(own[4]).toMatchObject({ user: 'admin@quayside.example', target: 'quayside.admin', ip: '81.2.1.1' });
  });

  it("keep to the days asked for, in the company's time zone", async () => {
    expect(idsOf((await logs({ from: '2025-03-04', to: '2025-03-05' })).data)).toEqual([ids.a3, ids.a2]);
    expect(idsOf((await logs({ from: '2025-04-01', to: '2025-04-30' })).data)).toEqual([ids.april]);
    // Without dates, the newest first: today's sign-in is above everything of March.
    const all = await logs({});
    expect(all.data[0]).toMatchObject({ action: 'Logged in', user: 'admin@quayside.example' });
    expect(all.total).toBeGreaterThanOrEqual(8);
  });

  it('search people, emails, targets and what was done', async () => {
    expect(idsOf((await logs({ ...early, search: 'blocked' })).data)).toEqual([ids.a2]);
    expect(idsOf((await logs({ ...early, search: 'exported' })).data)).toEqual([ids.a4]);
    expect(idsOf((await logs({ ...early, search: 'signer' })).data)).toEqual([ids.a5]);
    expect(idsOf((await logs({ ...early, search: 'basic@quayside' })).data)).toEqual([ids.a2]);
    const byEmail = await logs({ ...early, search: 'admin@quayside' });
    expect(byEmail.data.map((row: Json) => row.user)).not.toContain('Signer Sam');
    expect(byEmail.total).toBe(4);
    expect((await logs({ ...early, search: '100%_' })).total).toBe(0);
  });

  it('sort on a column and page in the database', async () => {
    const byAction = await logs({ ...early, search: 'quayside', sort: 'action', order: 'asc' });
    expect(byAction.data.map((row: Json) => row.action)).toEqual(['Blocked user', 'Exported database', 'Logged in', 'Sent form']);
    const second = await logs({ ...early, search: 'quayside' }, { page: 2, limit: 2 });
    expect(second).toMatchObject({ page: 2, limit: 2, total: 4 });
    expect(idsOf(second.data)).toEqual([ids.a2, ids.a1]);
  });

  it('show the system log with filters[source]=system: levels, events, components, no user', async () => {
    const page = await logs({ ...march, source: 'system' });
    expect(page.total).toBe(3);
    expect(page.data.filter((row: Json) => row.id === ids.s2 || row.id === ids.s1)).toEqual([
      {
        id: ids.s2,
        at: '2025-03-06T02:00:00.000Z',
        source: 'system',
        level: 'error',
        user: '',
        action: 'SharePoint upload failed',
        target: 'integration 3',
        ip: '',
      },
      {
        id: ids.s1,
        at: '2025-03-05T02:00:00.000Z',
        source: 'system',
        level: 'warning',
        user: '',
        action: 'Email delivery retried',
        target: 'smtp',
        ip: '',
      },
    ]);
    expect(page.data.map((row: Json) => row.action)).toContain('Delivered form');
    expect(idsOf((await logs({ ...march, source: 'system', search: 'sharepoint' })).data)).toEqual([ids.s2]);
  });

  it("never show another organisation's records", async () => {
    const northwind = (await server.signIn('demo.admin')).token;
    expect((await logs({ search: 'quayside' }, {}, northwind)).total).toBe(0);
    expect((await logs({ ...march }, {}, northwind)).total).toBe(0);
    const ownSystem = await logs({ source: 'system' }, {}, northwind);
    expect(ownSystem.data.map((row: Json) => row.target)).toContain('Nightly backup');
    expect((await logs({ source: 'system' })).data.map((row: Json) => row.target)).not.toContain('Nightly backup');
  });

  it('are for administrators only (403)', async () => {
    const basic = (await server.signIn('quayside.basic', organisationPassword)).token;
    expect((await server.call('/fetch-logs', { method: 'GET', token: basic })).status).toBe(403);
    expect((await server.call('/fetch-formaudit', { method: 'GET', token: basic })).status).toBe(403);
  });

  it('refuse a day that is not a date (400)', async () => {
    const answer = await server.call('/fetch-logs', { method: 'GET', token: admin, query: 'filters[from]=yesterday' });
    expect(answer).toMatchObject({ status: 400, body: { message: 'Some of the values sent are not valid: filters[from].' } });
  });
});

describe('the form audit', () => {
  it("lists the events of the company's forms with each form's reference and title, the query as understood", async () => {
    const answer = await audit({ ...march, search: '  ', order: 'desc' });
    expect(answer.query).toEqual({ page: 1, limit: 25, total: 10, total_exact: true, filters: { ...march, order: 'desc' } });
    expect(answer.forms.map((row: Json) => `${row.reference} ${row.event}`)).toEqual([
      'Q-3 created',
      'Q-2 disapproved',
      'Q-2 sent',
      'Q-2 created',
      'Q-1 completed',
      'Q-1 signed',
      'Q-1 saved',
      'Q-1 opened',
      'Q-1 sent',
      'Q-1 created',
    ]);
    // The events the sealed PDF's trail lists (a draft saved among them); the delivery is the system's.
    expect(answer.forms[4]).toEqual({
      id: expect.any(Number),
      form_id: ids.q1,
      reference: 'Q-1',
      title: 'Lease of 4 Dock Road',
      event: 'completed',
      actor: 'Tenant Tom',
      at: '2025-03-12T08:00:00.000Z',
      ip: '81.2.2.2',
    });
  });

  it('reads the same rows as the action records (the same ids), never a copy', async () => {
    const sent = (await audit({ ...march, event: 'sent', search: 'Q-1' })).forms;
    expect(sent).toEqual([expect.objectContaining({ id: ids.q1Sent, reference: 'Q-1' })]);
    const records = await logs({ from: '2025-03-10', to: '2025-03-10', search: 'sent' });
    expect(idsOf(records.data)).toEqual([ids.q1Sent]);
  });

  it('filters by event, template, words and days; sorts and pages', async () => {
    expect((await audit({ ...march, event: 'signed' })).forms.map((row: Json) => row.reference)).toEqual(['Q-1']);
    const lease = await audit({ ...march, template: ids.lease ?? 0 });
    expect(lease.query.total).toBe(9);
    expect(lease.query.filters).toEqual({ ...march, template: ids.lease });
    expect((await audit({ ...march, search: 'q-2' })).query.total).toBe(3);
    expect((await audit({ ...march, search: 'Tenant' })).forms.map((row: Json) => row.event)).toEqual(['completed', 'signed', 'saved', 'opened']);
    expect((await audit({ ...march, search: '9 quay street' })).query.total).toBe(3);
    expect((await audit({ from: '2025-03-14', to: '2025-03-15' })).forms.map((row: Json) => row.event)).toEqual(['created', 'disapproved']);
    const byActor = await audit({ ...march, sort: 'actor', order: 'asc' }, { limit: 3 });
    expect(byActor.forms.map((row: Json) => row.actor)).toEqual(['Ada Admin', 'Ada Admin', 'Ada Admin']);
    const last = await audit({ ...march, sort: 'actor', order: 'asc' }, { page: 3, limit: 4 });
    expect(last.forms.map((row: Json) => row.actor)).toEqual(['Tenant Tom', 'Tenant Tom']);
    expect(last.query).toMatchObject({ page: 3, limit: 4, total: 10 });
  });

  it("shows nothing of another organisation's forms, even asked by its template", async () => {
    const northwind = (await server.signIn('demo.admin')).token;
    expect((await audit({ search: 'Q-1' }, {}, northwind)).query.total).toBe(0);
    expect((await audit({ template: ids.lease ?? 0 }, {}, northwind)).forms).toEqual([]);
  });
});

async function exported(
  format: 'csv' | 'pdf',
  filters: Record<string, string | number>,
  token = admin,
  headers: Record<string, string> = {},
): Promise<Json> {
  return server.call('/formaudit-export', { method: 'GET', token, query: `format=${format}&${queryOf({ filters })}`, headers });
}

describe('the form audit export', () => {
  it("writes one form's trail as CSV, oldest first, the events the list shows and nothing else", async () => {
    const file = await exported('csv', { form: ids.q1 ?? 0 });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toBe('attachment; filename="formsign-audit-Q-1.csv"');
    expect(file.text.split('\r\n')).toEqual([
      'at,reference,title,event,actor,ip',
      '2025-03-10T09:00:00.000Z,Q-1,Lease of 4 Dock Road,created,Ada Admin,81.2.2.1',
      '2025-03-10T09:05:00.000Z,Q-1,Lease of 4 Dock Road,sent,Ada Admin,81.2.2.1',
      '2025-03-11T10:00:00.000Z,Q-1,Lease of 4 Dock Road,opened,Tenant Tom,81.2.2.2',
      '2025-03-11T10:05:00.000Z,Q-1,Lease of 4 Dock Road,saved,Tenant Tom,81.2.2.2',
      '2025-03-11T10:10:00.000Z,Q-1,Lease of 4 Dock Road,signed,Tenant Tom,81.2.2.2',
      '2025-03-12T08:00:00.000Z,Q-1,Lease of 4 Dock Road,completed,Tenant Tom,81.2.2.2',
      '',
    ]);
    // The list takes the same filter.
    expect((await audit({ form: ids.q1 ?? 0 })).query).toMatchObject({ total: 6, filters: { form: ids.q1 } });
  });

  it('writes a period across forms, and the export is recorded', async () => {
    const file = await exported('csv', { from: '2025-03-13', to: '2025-03-15' });
    expect(file.text.split('\r\n').map((line: string) => line.split(',').slice(1, 4).join(' '))).toEqual([
      'reference title event',
      'Q-2 Lease of 9 Quay Street created',
      'Q-2 Lease of 9 Quay Street sent',
      'Q-2 Lease of 9 Quay Street disapproved',
      'Q-3 Inventory of 4 Dock Road created',
      '',
    ]);
    const records = await logs({ search: 'Exported form audit' });
    expect(records.data[0]).toMatchObject({ action: 'Exported form audit', target: '2025-03-13 to 2025-03-15', user: 'admin@quayside.example' });
  });

  it("draws a PDF of the trail; another organisation's form gives no event", async () => {
    const file = await exported('pdf', { form: ids.q1 ?? 0 });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.raw.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const northwind = (await server.signIn('demo.admin')).token;
    expect((await exported('csv', { form: ids.q1 ?? 0 }, northwind)).text).toBe('at,reference,title,event,actor,ip\r\n');
  });

  it('draws the PDF in the language of its reader', async () => {
    const english = pdfText((await exported('pdf', { form: ids.q1 ?? 0 })).raw);
    expect(english).toContain('Audit trail');
    expect(english).toContain('6 events, oldest first');
    const german = pdfText((await exported('pdf', { form: ids.q1 ?? 0 }, admin, { 'accept-language': 'de' })).raw);
    expect(german).toContain('Prüfprotokoll');
    expect(german).toContain('6 Ereignisse');
    expect(german).not.toContain('Audit trail');
    expect(german).not.toContain('oldest first');
  });

  it('refuses a PDF of more events than it holds, asking for a shorter period', async () => {
    await insertAuditRows(server.ctx.db, [
      { companyId: ids.company ?? 0, formId: ids.q3, event: 'opened', actor: 'Tenant Tom', at: at('2025-05-01T09:00:00Z') },
    ]);
    const many = Array.from({ length: 2_000 }, (_, index) => ({
      companyId: ids.company ?? 0,
      formId: ids.q3,
      event: 'opened' as const,
      actor: 'Tenant Tom',
      at: new Date(Date.parse('2025-05-02T09:00:00Z') + index * 1000),
    }));
    await insertAuditRows(server.ctx.db, many);
    const refused = await exported('pdf', { from: '2025-05-01', to: '2025-05-31' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'More than 2,000 events match: an audit PDF holds at most 2,000. Please choose a shorter period, or export CSV.',
    );
    expect((await exported('pdf', { from: '2025-05-01', to: '2025-05-01' })).status).toBe(200);
    const csv = await exported('csv', { from: '2025-05-01', to: '2025-05-31' });
    expect(csv.text.split('\r\n')).toHaveLength(2_001 + 2);
  });
});

describe('downloads of a sealed PDF', () => {
  it('are events of its trail: four downloads today are four under "Downloaded", one read in ranges counted once', async () => {
    const { id } = await completedRiskAssessment(server);
    const token = (await server.signIn('demo.admin')).token;
    const today = server.clock.now().toISOString().slice(0, 10);
    const downloads = async () => (await audit({ event: 'downloaded', form: id, from: today, to: today }, {}, token)).forms as Json[];
    expect(await downloads()).toEqual([]);
    const completed = await server.call('/completed-forms', { method: 'GET', token, query: 'filters[search]=Risk' });
    const pdf = (completed.body.data as Json[]).find((row) => row.id === id)?.pdf as string;
    const url = new URL(pdf, 'http://formsign.test');
    const download = (headers: Record<string, string> = {}) =>
      server.call('/file', { method: 'GET', query: url.searchParams.toString(), headers, ip: '203.0.113.9' });
    for (let time = 0; time < 3; time += 1) expect((await download()).status).toBe(200);
    await download({ range: 'bytes=0-1023' });
    await download({ range: 'bytes=1024-' });
    const counted = await downloads();
    expect(counted).toHaveLength(4);
    expect(counted[0]).toMatchObject({ form_id: id, event: 'downloaded', actor: 'Someone with the download link', ip: '203.0.113.9' });
  });
});
