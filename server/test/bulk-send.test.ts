import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  bulkSendRows,
  companies,
  formRecipients,
  forms,
  templates,
  type FieldDefinition,
  type StepDefinition,
} from '../src/db/schema.js';
import { createOrganisation, organisationPassword } from './support/form-rows.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();

const fields: FieldDefinition[] = [
  { name: 'location', label: 'Location', type: 'text', required: true, step: 0 },
  { name: 'start_date', label: 'Start date', type: 'date', required: false, step: 0 },
  { name: 'hours', label: 'Hours', type: 'number', required: false, step: 1 },
  { name: 'signature', label: 'Signature', type: 'signature', required: true, step: 1 },
];
const steps: StepDefinition[] = [{ label: 'Client', action: 'sign', userId: null }];

let admin = '';
let basic = '';
let companyId = 0;
let templateId = 0;
let otherTemplateId = 0;

beforeAll(async () => {
  const db = server.ctx.db;
  const organisation = await createOrganisation(db, server.ctx.passwords, 'Bulk Care Ltd', 'bulkc');
  companyId = organisation.companyId;
  const [template] = await db
    .insert(templates)
    .values({ companyId, title: 'Client Agreement', fields, steps, sequential: true })
    .returning({ id: templates.id });
  templateId = template?.id ?? 0;
  const other = await createOrganisation(db, server.ctx.passwords, 'Other Bulk Ltd', 'bulko');
  const [foreign] = await db.insert(templates).values({ companyId: other.companyId, title: 'Theirs', fields, steps }).returning({ id: templates.id });
  otherTemplateId = foreign?.id ?? 0;
  admin = (await server.signIn('bulkc.admin', organisationPassword)).token;
  basic = (await server.signIn('bulkc.basic', organisationPassword)).token;
});

async function envelopesLeft(left: number): Promise<void> {
  const [row] = await server.ctx.db.select().from(companies).where(eq(companies.id, companyId));
  await server.ctx.db
    .update(companies)
    .set({ envelopesBought: (row?.envelopesUsed ?? 0) + left })
    .where(eq(companies.id, companyId));
}

function multipart(fieldsOf: Record<string, string>, csv: string): { payload: Buffer; contentType: string } {
  const boundary = '----formsign-bulk-boundary';
  const parts = Object.entries(fieldsOf).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clients.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Checks the file (`check`), or starts the send. */
const post = (action: 'check' | 'send', csv: string, options: { token?: string; template?: number } = {}) =>
  server.call('/bulk-sends', {
    token: options.token ?? basic,
    ...multipart({ template: String(options.template ?? templateId), ...(action === 'check' ? { check: 'true' } : {}) }, csv),
  });

const rows = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => `Client ${from + i},client${from + i}@mail.example,Harbour House,2026-12-31,${i + 1}`).join('\r\n');
const header = 'Client name,Client email,Location,Start date,Hours\r\n';

/** One bulk send as its sender follows it: the send, and its counts and rows not sent. */
async function formsOf(bulkSendId: number) {
  const { data, detail } = (await server.call(`/bulk-sends?id=${bulkSendId}`, { method: 'GET', token: basic })).body;
  return { bulk_send: data[0], ...detail };
}

describe('bulk send', () => {
  it('serves the CSV to fill with the right columns, and no cell a spreadsheet reads as a formula', async () => {
    const db = server.ctx.db;
    const [risky] = await db
      .insert(templates)
      .values({
        companyId,
        title: 'Risky',
        steps,
        fields: [{ name: 'f', label: '=HYPERLINK("x")', type: 'text', required: false, step: 0, value: '@SUM(1)' }],
      })
      .returning({ id: templates.id });
    const answer = await server.call(`/bulk-send-csv?template=${risky?.id}`, { method: 'GET', token: basic });
    expect(answer.status).toBe(200);
    const text = String(answer.body).replace(/^\ufeff/, '');
    const [head, example] = text.split('\r\n');
    expect(head).toBe(`Client name,Client email,"'=HYPERLINK(""x"")"`);
    expect(example).toMatch(/,"'@SUM\(1\)"$/);
    const ours = String((await server.call(`/bulk-send-csv?template=${templateId}`, { method: 'GET', token: basic })).body);
    expect(ours.replace(/^\ufeff/, '').split('\r\n')[0]).toBe('Client name,Client email,Location,Start date,Hours');
    // Another organisation's template is not there.
    expect((await server.call(`/bulk-send-csv?template=${otherTemplateId}`, { method: 'GET', token: basic })).status).toBe(404);
  });

  it('refuses bad rows with their number and reason, names unknown columns, and sends nothing', async () => {
    await envelopesLeft(100);
    const csv = `${header}${rows(1)}\r\n"Ann, ""Quoted""",ann@,Harbour House,31/12/2026,x\r\nBob,bob@mail.example,,2026-12-31,2\r\n`;
    const check = await post('check', csv);
    expect(check.body).toMatchObject({ code: -1, rows: 3, problems_total: 2 });
    expect(check.body.problems).toEqual([
      { row: 3, reason: 'Client email is not an email address: "ann@". "Start date" must be a date. "Hours" must be a number, like 12 or 4.5.' },
      { row: 4, reason: 'Please answer "Location".' },
    ]);
    const before = await server.ctx.db.select({ id: forms.id }).from(forms).where(eq(forms.companyId, companyId));
    const start = await post('send', csv);
    expect(start.body).toMatchObject({ code: -1, bulk_send: null, problems_total: 2 });
    expect(await server.ctx.db.select({ id: forms.id }).from(forms).where(eq(forms.companyId, companyId))).toHaveLength(before.length);

    const unknown = await post('check', `Client name;Client email;Location;Shoe size\r\nAnn;ann@mail.example;Here;9\r\n`);
    expect(unknown.body.problems[0]).toEqual({
      row: 1,
      reason: 'The column "Shoe size" is not a place or field of Client Agreement: remove it, or start from the CSV template.',
    });
    // Another organisation's template is not there to send.
    expect((await post('send', `${header}${rows(1)}`, { template: otherTemplateId })).status).toBe(404);
  });

  it('sends one form a row exactly as a sent form, and counts them on the batch page', async () => {
    await envelopesLeft(10);
    const csv = `\ufeffClient name;Client email;Location;Start date;Hours\r\n"Ann; the first";ann@mail.example;Harbour House;2026-12-31;7\r\nBob;bob@mail.example;"Quay\r\nSide";;\r\n`;
    expect((await post('check', csv)).body).toMatchObject({ code: 2, rows: 2, bulk_send: null, problems: [] });
    const mailBefore = server.mail.length;
    const start = await post('send', csv);
    expect(start.body).toMatchObject({ code: 1, bulk_send: { total: 2, template: 'Client Agreement' } });
    const id = start.body.bulk_send.id as number;
    const detail = await formsOf(id);
    expect(detail).toMatchObject({ bulk_send: { status: 'done', sent: 2, unsent: 0 }, opened: 0, completed: 0, unsent: [] });
    const made = await server.ctx.db
      .select({
        values: forms.values,
        senderId: forms.senderId,
        name: formRecipients.name,
        email: formRecipients.email,
        status: formRecipients.status,
      })
      .from(forms)
      .innerJoin(formRecipients, eq(formRecipients.formId, forms.id))
      .where(and(eq(forms.companyId, companyId), eq(formRecipients.email, 'ann@mail.example')));
    expect(made[0]).toMatchObject({
      name: 'Ann; the first',
      status: 'open',
      values: { location: 'Harbour House', start_date: '2026-12-31', hours: 7 },
    });
    expect(
      server.mail
        .slice(mailBefore)
        .map((mail) => mail.to)
        .sort(),
    ).toEqual(['ann@mail.example', 'bob@mail.example']);
    // The envelope counter: two used.
    const user = await server.call('/user', { method: 'GET', token: basic });
    expect(user.body.company.unused_envelopes).toBe(8);
    const trail = await server.ctx.db.select({ event: auditEvents.event }).from(auditEvents).where(eq(auditEvents.companyId, companyId));
    expect(trail.map((row) => row.event)).toEqual(expect.arrayContaining(['bulk-send-started', 'sent', 'bulk-send-ended']));
    // Its sender and administrators follow it; the list has it.
    expect((await server.call('/bulk-sends', { method: 'GET', token: admin })).body.data[0]).toMatchObject({ id, sent: 2 });
  });

  it('stops when the envelopes run out and lists every row not sent', async () => {
    await envelopesLeft(2);
    const start = await post('send', `${header}${rows(4, 10)}`);
    const detail = await formsOf(start.body.bulk_send.id);
    expect(detail.bulk_send).toMatchObject({ status: 'stopped', sent: 2, unsent: 2 });
    expect(detail.unsent).toEqual([
      {
        row: 4,
        name: 'Client 12',
        email: 'client12@mail.example',
        reason: 'Not sent: no envelopes were left. Buy more in My Account, then send these rows again.',
      },
      {
        row: 5,
        name: 'Client 13',
        email: 'client13@mail.example',
        reason: 'Not sent: no envelopes were left. Buy more in My Account, then send these rows again.',
      },
    ]);
  });

  it('keeps of a row, once sent or not sent, only its people: no values and no access code', async () => {
    const [coded] = await server.ctx.db
      .insert(templates)
      .values({
        companyId,
        title: 'Coded Agreement',
        fields,
        steps: [{ ...steps[0], verification: 'access-code' } as StepDefinition],
        sequential: true,
      })
      .returning({ id: templates.id });
    await envelopesLeft(1);
    const csv =
      'Client name,Client email,Client access code,Location,Start date,Hours\r\nAnn,ann@mail.example,harbour-42,Dock Road,,\r\nBob,bob@mail.example,quay-1234,Quay Side,,\r\n';
    const start = await post('send', csv, { template: coded?.id });
    expect(await formsOf(start.body.bulk_send.id)).toMatchObject({ bulk_send: { sent: 1, unsent: 1 } });
    const kept = await server.ctx.db
      .select({ row: bulkSendRows.row, values: bulkSendRows.values, recipients: bulkSendRows.recipients, formId: bulkSendRows.formId })
      .from(bulkSendRows)
      .where(eq(bulkSendRows.bulkSendId, start.body.bulk_send.id));
    expect(kept.sort((a, b) => a.row - b.row).map(({ values, recipients }) => ({ values, recipients }))).toEqual([
      { values: {}, recipients: [{ name: 'Ann', email: 'ann@mail.example' }] },
      { values: {}, recipients: [{ name: 'Bob', email: 'bob@mail.example' }] },
    ]);
    // The form keeps the code, hashed, and the value given.
    const [form] = await server.ctx.db
      .select({ values: forms.values, codeHash: formRecipients.accessCodeHash })
      .from(forms)
      .innerJoin(formRecipients, eq(formRecipients.formId, forms.id))
      .where(eq(forms.id, kept[0]?.formId ?? 0));
    expect(form?.values).toMatchObject({ location: 'Dock Road' });
    expect(form?.codeHash).toMatch(/\S{20,}/);
  });

  it('cancel stops the job: no row after it is sent', async () => {
    await envelopesLeft(10);
    // Started without running the queued job, as a busy queue would leave it.
    const { payload, contentType } = multipart({ template: String(templateId) }, `${header}${rows(3, 20)}`);
    const started = await server.app.inject({
      method: 'POST',
      url: '/api/bulk-sends',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${basic}`, 'x-xsrf-token': 'xsrf' },
      cookies: { 'XSRF-TOKEN': 'xsrf' },
    });
    const id = JSON.parse(started.body).bulk_send.id as number;
    // An administrator of the organisation may cancel it; a basic user who did not send it may not see it.
    expect((await server.call('/bulk-sends/cancel', { token: admin, body: { id } })).body).toMatchObject({
      code: 1,
      bulk_send: { status: 'cancelled' },
    });
    await server.flushJobs();
    const detail = await formsOf(id);
    expect(detail.bulk_send).toMatchObject({ status: 'cancelled', sent: 0, unsent: 3 });
    expect(detail.unsent.map((row: { reason: string }) => row.reason)).toEqual(Array(3).fill('Not sent: the bulk send was cancelled.'));
    expect((await server.call('/bulk-sends/cancel', { token: basic, body: { id } })).body).toMatchObject({ code: -2 });
  });
});
