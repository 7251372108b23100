import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { readConfig } from '../src/config.js';
import { deliveries, forms } from '../src/db/schema.js';
import { outboundClient } from '../src/http/outbound.js';
import { deliverForm } from '../src/modules/integrations/deliver-form.js';
import {
  createOrganisation,
  insertForm,
  insertTemplate,
  organisationPassword,
  seedOtherCompanyForms,
  seedTimesheets,
  type Timesheets,
} from './support/form-rows.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

let admin = '';
let sheets: Timesheets;
let harbour: Timesheets;
let expenseId = 0;
let expenseForm = 0;
const sealed = Buffer.from('%PDF-1.7 the sealed timesheet');

/** A receiving system: records what is posted to it, answers the status it is told to. */
const hook = { status: 200, received: [] as { url: string; type: string; body: Json }[], server: null as Server | null, url: '' };

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

beforeAll(async () => {
  hook.server = createServer((request, response) => {
    void readBody(request).then((text) => {
      hook.received.push({ url: request.url ?? '', type: String(request.headers['content-type']), body: JSON.parse(text) });
      response.statusCode = hook.status;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => hook.server?.listen(0, '127.0.0.1', resolve));
  hook.url = `http://127.0.0.1:${(hook.server.address() as { port: number }).port}`;
  // The receiving system runs on this machine, as an intranet's would: the operator allows it.
  server.ctx.outbound = outboundClient({ allow: readConfig({ FORMSIGN_OUTBOUND_ALLOW: '127.0.0.1' }).outboundAllow });

  const db = server.ctx.db;
  const { companyId } = await createOrganisation(db, server.ctx.passwords, 'Post Office Ltd', 'post');
  sheets = await seedTimesheets(db, server.clock.now(), { companyId });
  await server.ctx.files.put('forms/post/sealed.pdf', sealed, 'application/pdf');
  await db
    .update(forms)
    .set({ sealedKey: 'forms/post/sealed.pdf' })
    .where(eq(forms.id, sheets.submissions[0]?.id ?? 0));
  expenseId = await insertTemplate(db, companyId, 'Expense Claim', [
    { name: 'claimant', label: 'Claimant', type: 'text', required: true },
    { name: 'amount', label: 'Amount', type: 'number', required: true },
  ]);
  expenseForm = await insertForm(db, {
    companyId,
    templateId: expenseId,
    reference: 'EX-1',
    title: 'Expense Claim',
    status: 'completed',
    values: { claimant: 'Ruby Scott', amount: 42.5 },
    completedAt: new Date(),
    fields: [
      { name: 'claimant', label: 'Claimant', type: 'text', required: true },
      { name: 'amount', label: 'Amount', type: 'number', required: true },
    ],
  });
  harbour = await seedOtherCompanyForms(db, server.clock.now());
  admin = (await server.signIn('post.admin', organisationPassword)).token;
});

afterAll(async () => {
  await new Promise<void>((resolve) => (hook.server ? hook.server.close(() => resolve()) : resolve()));
});

async function integrations(params: Record<string, string | number | undefined>, token = admin): Promise<{ status: number; body: Json }> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, String(value));
  return server.call('/fetch-integratedforms', { method: 'GET', token, query: query.toString() });
}

const timesheetFields = ['employee', 'site', 'hours', 'week_ending', 'approved', 'notes'];

describe('form integration settings', () => {
  it("list the integrations and every template; a template's fields, ready to map", async () => {
    const list = await integrations({});
    expect(list.body).toEqual({
      message: '',
      type: 'list',
      forms: [],
      allforms: [
        { id: expenseId, title: 'Expense Claim' },
        { id: sheets.templateId, title: 'Timesheet Approval' },
      ],
      fields: [],
      map: {},
      title: '',
      sid: null,
      files: [],
      recipient: '',
    });
    const fields = await integrations({ action: 'fields', id: sheets.templateId, source: 'email' });
    expect(fields.body).toEqual({
      message: '',
      type: 'fields',
      forms: [],
      allforms: [],
      fields: timesheetFields,
      map: {},
      title: 'Timesheet Approval',
      sid: null,
      files: ['{reference}.pdf'],
      recipient: '',
    });
  });

  it('save a map, a destination and what is sent; saving again changes the same integration', async () => {
    const saved = await integrations({
      action: 'save',
      id: sheets.templateId,
      source: 'email',
      type: 'both',
      recipient: ' payroll@post.example ',
      data: JSON.stringify({ employee: 'EmployeeName', hours: ' BasicHours ' }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      message: 'The integration has been saved.',
      type: 'save',
      forms: [],
      allforms: [],
      fields: timesheetFields,
      map: { employee: 'EmployeeName', hours: 'BasicHours' },
      title: 'Timesheet Approval',
      sid: expect.any(Number),
      files: ['{reference}.pdf', '{reference}.csv'],
      recipient: 'payroll@post.example',
    });
    const sid = saved.body.sid;
    const list = await integrations({});
    expect(list.body.forms).toEqual([
      {
        sid,
        template_id: sheets.templateId,
        title: 'Timesheet Approval',
        source: 'email',
        type: 'both',
        recipient: 'payroll@post.example',
        updated_at: expect.any(String),
        username: '',
        has_password: false,
        has_private_key: false,
        host_key: null,
      },
    ]);
    expect((await integrations({ action: 'fields', id: sheets.templateId, sid })).body).toMatchObject({
      sid,
      map: { employee: 'EmployeeName', hours: 'BasicHours' },
      recipient: 'payroll@post.example',
      files: ['{reference}.pdf', '{reference}.csv'],
    });
    // The same template and destination: the same integration, changed.
    const again = await integrations({
      action: 'save',
      id: sheets.templateId,
      source: 'email',
      type: 'both',
      recipient: 'payroll@post.example',
      data: JSON.stringify({ employee: 'EmployeeName', hours: 'BasicHours', site: 'CostCentre' }),
    });
    expect(again.body.sid).toBe(sid);
    expect((await integrations({})).body.forms).toHaveLength(1);
    const logs = await server.call('/fetch-logs', { method: 'GET', token: admin, query: 'filters[search]=form integration' });
    expect(logs.body.data[0]).toMatchObject({ action: 'Saved form integration', target: 'Form integration of Timesheet Approval' });
  });

  it('refuse a map or an address that will not do, in words (400), and save nothing', async () => {
    const save = (params: Record<string, string | number>) =>
      integrations({ action: 'save', id: sheets.templateId, source: 'webhook', type: 'csv', recipient: `${hook.url}/hooks/timesheets`, ...params });
    const cases: [Record<string, string | number>, string][] = [
      [{ data: JSON.stringify({ shoe_size: 'Shoe' }) }, 'The template has no field "shoe_size" to send.'],
      [{ data: JSON.stringify({ manager_signature: 'Signature' }) }, 'The template has no field "manager_signature" to send.'],
      [{ data: JSON.stringify({ employee: '  ' }) }, 'Give employee a name in the receiving system, or leave it out of the map.'],
      [{ data: JSON.stringify({ employee: 'x'.repeat(101) }) }, 'The name of employee in the receiving system is too long (at most 100 characters).'],
      [{ data: JSON.stringify({ employee: 'Name', site: 'name' }) }, 'employee and site can\'t share the name "name" in the receiving system.'],
      [{ data: '{"employee":' }, 'The field map is not valid: send it as a JSON object.'],
      [{ data: '["employee"]' }, 'The field map is not valid: send it as a JSON object.'],
      [{ recipient: 'ftp://files.example/in' }, "Enter the webhook's address, starting with https://."],
      [{ source: 'email', recipient: 'not an address' }, 'Enter an email address, like records@yourcompany.com.'],
      [{ source: 'sftp', recipient: 'payroll.example/incoming' }, 'Enter the server folder as sftp://server/folder.'],
      [{ recipient: '' }, 'Enter where completed forms go.'],
      [{ id: 999999 }, 'This template does not exist or was deleted.'],
    ];
    for (const [params, message] of cases) expect(await save(params), message).toMatchObject({ status: 400, body: { message } });
    expect(await integrations({ action: 'save', source: 'email', recipient: 'a@b.example' })).toMatchObject({
      status: 400,
      body: { message: 'Choose a template.' },
    });
    expect((await integrations({})).body.forms.map((item: Json) => item.source)).toEqual(['email']);
  });

  it("cannot reach another organisation's templates or integrations: refused, and nothing changes", async () => {
    const grace = (await server.signIn('grace.okafor', 'harbour-pass-1')).token;
    const theirs = await integrations(
      { action: 'save', id: harbour.templateId, source: 'email', type: 'pdf', recipient: 'rota@harbourhomes.example' },
      grace,
    );
    expect(theirs.status).toBe(200);
    expect(await integrations({ action: 'fields', id: harbour.templateId })).toMatchObject({
      status: 400,
      body: { message: 'This template does not exist or was deleted.' },
    });
    expect(await integrations({ action: 'fields', id: sheets.templateId, sid: theirs.body.sid })).toMatchObject({
      status: 400,
      body: { message: 'This integration does not exist.' },
    });
    expect(await integrations({ action: 'save', id: sheets.templateId, sid: theirs.body.sid, recipient: 'stolen@post.example' })).toMatchObject({
      status: 400,
      body: { message: 'This integration does not exist.' },
    });
    expect(await integrations({ action: 'delete', sid: theirs.body.sid })).toMatchObject({
      status: 400,
      body: { message: 'This integration does not exist.' },
    });
    expect((await integrations({}, grace)).body.forms).toEqual([
      expect.objectContaining({ sid: theirs.body.sid, recipient: 'rota@harbourhomes.example' }),
    ]);
    expect((await integrations({})).body.forms.map((item: Json) => item.title)).not.toContain('Harbour Rota');
  });

  it('delete an integration; the answer is the list afterwards', async () => {
    const made = await integrations({ action: 'save', id: expenseId, source: 'sftp', type: 'csv', recipient: `sftp://127.0.0.1/claims` });
    const deleted = await integrations({ action: 'delete', sid: made.body.sid });
    expect(deleted.body).toMatchObject({ message: 'The integration has been deleted.', type: 'delete' });
    expect(deleted.body.forms.map((item: Json) => item.sid)).not.toContain(made.body.sid);
    expect(deleted.body.allforms).toHaveLength(2);
    const logs = await server.call('/fetch-logs', { method: 'GET', token: admin, query: 'filters[search]=form integration' });
    expect(logs.body.data[0]).toMatchObject({ action: 'Deleted form integration', target: 'Form integration of Expense Claim' });
    expect(await integrations({ action: 'delete' })).toMatchObject({ status: 400, body: { message: 'Choose the integration to delete.' } });
  });

  it('are set up in the demo organisation: its tenancy agreements go to a webhook, and SharePoint is not offered', async () => {
    const northwind = (await server.signIn('demo.admin')).token;
    const list = await integrations({}, northwind);
    expect(list.body.forms).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'Tenancy Agreement',
          source: 'webhook',
          type: 'both',
          recipient: 'https://housing.northwindcare.example/hooks/tenancies',
        }),
      ]),
    );
    const tenancy = list.body.forms.find((item: Json) => item.title === 'Tenancy Agreement');
    expect((await integrations({ action: 'fields', id: tenancy.template_id, sid: tenancy.sid }, northwind)).body.map).toEqual({
      tenant_name: 'TenantName',
      property_address: 'Property',
      start_date: 'StartDate',
      monthly_rent: 'Rent',
    });
    expect(
      (await integrations({ action: 'save', id: tenancy.template_id, source: 'sharepoint', recipient: 'Housing/Tenancies' }, northwind)).status,
    ).toBe(400);
  });

  it('are for administrators only (403)', async () => {
    const basic = (await server.signIn('post.basic', organisationPassword)).token;
    expect((await integrations({}, basic)).status).toBe(403);
  });
});

describe('delivering a completed form', () => {
  it("applies each integration's map and delivers by email and webhook; records each once", async () => {
    await integrations({
      action: 'save',
      id: sheets.templateId,
      source: 'email',
      type: 'both',
      recipient: 'payroll@post.example',
      data: JSON.stringify({ employee: 'EmployeeName', hours: 'BasicHours' }),
    });
    await integrations({
      action: 'save',
      id: sheets.templateId,
      source: 'webhook',
      type: 'csv',
      recipient: `${hook.url}/hooks/timesheets`,
      data: JSON.stringify({ employee: 'name', approved: 'ok' }),
    });
    const form = sheets.submissions[0];
    if (!form) throw new Error('No submission.');
    const mailBefore = server.mail.length;

    const outcomes = await deliverForm(server.ctx, form.id);
    expect(outcomes.map((outcome) => [outcome.source, outcome.status, outcome.files])).toEqual([
      ['email', 'delivered', ['TS-2026-100.pdf', 'TS-2026-100.csv']],
      ['webhook', 'delivered', ['TS-2026-100.csv']],
    ]);

    // Email: both files attached, the data under the receiving system's names.
    const mail = server.mail.slice(mailBefore);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: 'payroll@post.example', subject: 'Timesheet Approval TS-2026-100 is complete' });
    expect(mail[0]?.attachments?.map((file) => [file.filename, file.contentType, Buffer.from(file.contentBase64, 'base64').toString()])).toEqual([
      ['TS-2026-100.pdf', 'application/pdf', sealed.toString()],
      ['TS-2026-100.csv', 'text/csv', 'EmployeeName,BasicHours\r\nAmelia Hughes,20\r\n'],
    ]);

    // Webhook: the record posted as JSON.
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0]).toEqual({
      url: '/hooks/timesheets',
      type: 'application/json',
      body: {
        event: 'form.completed',
        form: {
          id: form.id,
          reference: 'TS-2026-100',
          title: 'Timesheet Approval',
          template: 'Timesheet Approval',
          completed_at: form.completedAt?.toISOString(),
        },
        data: { name: 'Amelia Hughes', ok: false },
      },
    });

    // Recorded in deliveries and in the system log.
    const rows = await server.ctx.db.select().from(deliveries).where(eq(deliveries.formId, form.id));
    expect(rows.map((row) => row.status)).toEqual(['delivered', 'delivered']);
    const log = await server.call('/fetch-logs', { method: 'GET', token: admin, query: 'filters[source]=system&filters[search]=TS-2026-100' });
    expect(log.body.data.map((row: Json) => row.action)).toEqual(['Delivered form', 'Delivered form']);
    expect(log.body.data.map((row: Json) => row.target)).toContain('Timesheet Approval TS-2026-100 to payroll@post.example');

    // A second call does nothing.
    const second = await deliverForm(server.ctx, form.id);
    expect(second.map((outcome) => outcome.status)).toEqual(['skipped', 'skipped']);
    expect(server.mail.length).toBe(mailBefore + 1);
    expect(hook.received).toHaveLength(1);
  });

  it('records a failure and tries again on the next call; a PDF that does not exist yet is a failure', async () => {
    await integrations({
      action: 'save',
      id: expenseId,
      source: 'webhook',
      type: 'csv',
      recipient: `${hook.url}/hooks/expenses`,
      data: JSON.stringify({ amount: 'Amount' }),
    });
    await integrations({ action: 'save', id: expenseId, source: 'email', type: 'pdf', recipient: 'finance@post.example' });
    hook.status = 503;
    const first = await deliverForm(server.ctx, expenseForm);
    expect(first.map((outcome) => [outcome.source, outcome.status, outcome.detail])).toEqual([
      ['webhook', 'failed', 'Delivery failed: the webhook answered 503.'],
      ['email', 'failed', 'Delivery failed: the form has no sealed PDF yet.'],
    ]);
    const log = await server.call('/fetch-logs', { method: 'GET', token: admin, query: 'filters[source]=system&filters[search]=EX-1' });
    expect(log.body.data.map((row: Json) => [row.action, row.level])).toEqual([
      ['Delivery failed', 'error'],
      ['Delivery failed', 'error'],
    ]);
    hook.status = 200;
    const second = await deliverForm(server.ctx, expenseForm);
    expect(second.map((outcome) => outcome.status)).toEqual(['delivered', 'failed']);
    expect(hook.received.at(-1)?.body.data).toEqual({ Amount: 42.5 });
    // Each attempt is kept: the webhook's failure and its success, the email's two failures.
    const rows = await server.ctx.db
      .select({ status: deliveries.status, detail: deliveries.detail })
      .from(deliveries)
      .where(eq(deliveries.formId, expenseForm));
    expect(rows).toHaveLength(4);
    expect(rows).toEqual(
      expect.arrayContaining([
        { status: 'failed', detail: 'Delivery failed: the webhook answered 503.' },
        { status: 'delivered', detail: expect.stringMatching(/^Posted to /) },
        { status: 'failed', detail: 'Delivery failed: the form has no sealed PDF yet.' },
      ]),
    );
  });

  it('records an email the mail server refuses as failed, not as emailed, and sends it on the next try', async () => {
    const form = sheets.submissions[1];
    if (!form) throw new Error('No second submission.');
    await server.ctx.db.update(forms).set({ sealedKey: 'forms/post/sealed.pdf' }).where(eq(forms.id, form.id));
    // The server's queue takes any message; the mail server itself refuses this one.
    const { send } = server.ctx.mailer;
    const { send: queue } = server.ctx.mail;
    server.ctx.mailer.send = () => Promise.reject(new Error('the mail server answered 550: mailbox unavailable.'));
    server.ctx.mail.send = () => Promise.resolve();
    try {
      const refused = await deliverForm(server.ctx, form.id);
      expect(refused.find((outcome) => outcome.source === 'email')).toMatchObject({
        status: 'failed',
        detail: 'Delivery failed: the mail server answered 550: mailbox unavailable.',
      });
    } finally {
      server.ctx.mailer.send = send;
      server.ctx.mail.send = queue;
    }
    const mailBefore = server.mail.length;
    const again = await deliverForm(server.ctx, form.id);
    expect(again.find((outcome) => outcome.source === 'email')).toMatchObject({ status: 'delivered', detail: 'Emailed to payroll@post.example.' });
    expect(server.mail.slice(mailBefore).map((mail) => mail.to)).toEqual(['payroll@post.example']);
  });

  it('delivers nothing for a form that is not completed', async () => {
    const open = sheets.forms.find((form) => form.status === 'in_progress');
    expect(await deliverForm(server.ctx, open?.id ?? 0)).toEqual([]);
    expect(await deliverForm(server.ctx, 999999)).toEqual([]);
  });

  it('runs once the seal is made: the seal job queues the delivery, whose failure the queue tries again', async () => {
    const db = server.ctx.db;
    const { companyId } = await createOrganisation(db, server.ctx.passwords, 'Sealed Post Ltd', 'sealedpost');
    const fields = [{ name: 'claimant', label: 'Claimant', type: 'text' as const, required: true }];
    const templateId = await insertTemplate(db, companyId, 'Mileage Claim', fields);
    const formId = await insertForm(db, {
      companyId,
      templateId,
      reference: 'MC-1',
      title: 'Mileage Claim',
      status: 'completed',
      values: { claimant: 'Ruby Scott' },
      completedAt: server.clock.now(),
      fields,
    });
    const token = (await server.signIn('sealedpost.admin', organisationPassword)).token;
    await integrations({ action: 'save', id: templateId, source: 'email', type: 'pdf', recipient: 'finance@sealedpost.example' }, token);
    await integrations({ action: 'save', id: templateId, source: 'webhook', type: 'csv', recipient: `${hook.url}/hooks/mileage` }, token);
    hook.status = 503;

    await server.ctx.jobs.enqueue('seal-form', { formId });
    const [form] = await db.select({ sealedKey: forms.sealedKey, sealedSha256: forms.sealedSha256 }).from(forms).where(eq(forms.id, formId));
    expect(form?.sealedKey).toMatch(/^forms\/\d+\/sealed-[0-9a-f]{16}\.pdf$/);
    const mailed = server.mail.find((message) => message.to === 'finance@sealedpost.example');
    const attachment = mailed?.attachments?.find((file) => file.filename === 'MC-1.pdf');
    expect(
      createHash('sha256')
        .update(Buffer.from(attachment?.contentBase64 ?? '', 'base64'))
        .digest('hex'),
    ).toBe(form?.sealedSha256);
    expect(server.failedJobs.splice(0).map(({ name, error }) => [name, (error as Error).message])).toEqual([
      ['deliver-form', "1 of the form's integrations did not deliver: Delivery failed: the webhook answered 503."],
    ]);

    hook.status = 200;
    await server.ctx.jobs.enqueue('deliver-form', { formId });
    expect(hook.received.at(-1)).toMatchObject({ url: '/hooks/mileage' });
    expect(server.mail.filter((message) => message.to === 'finance@sealedpost.example')).toHaveLength(1);
  });
});
