import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepopulationRecords, prepopulationSources, type FieldDefinition } from '../src/db/schema.js';
import { createOrganisation, insertTemplate, organisationPassword } from './support/form-rows.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

const fields: FieldDefinition[] = [
  { name: 'tenant_name', label: 'Tenant name', type: 'text', required: true },
  { name: 'property_address', label: 'Property address', type: 'textarea', required: true },
  { name: 'monthly_rent', label: 'Monthly rent', type: 'number', required: false },
  { name: 'deposit_photo', label: 'Deposit photo', type: 'file', required: false },
];

let admin = '';
let basic = '';
let companyId = 0;
let templateId = 0;
let otherTemplateId = 0;

beforeAll(async () => {
  const db = server.ctx.db;
  const organisation = await createOrganisation(db, server.ctx.passwords, 'Lettings Upload', 'letup');
  companyId = organisation.companyId;
  templateId = await insertTemplate(db, companyId, 'Tenancy Agreement', fields);
  const other = await createOrganisation(db, server.ctx.passwords, 'Harbour Lettings', 'harlet');
  otherTemplateId = await insertTemplate(db, other.companyId, 'Harbour Tenancy', fields);
  admin = (await server.signIn('letup.admin', organisationPassword)).token;
  basic = (await server.signIn('letup.basic', organisationPassword)).token;
});

/** A multipart body of text fields and, when given, one file. */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }): { payload: Buffer; contentType: string } {
  const boundary = '----formsign-csv-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(csv: string | Buffer, options: { name?: string; template?: number; reference?: string; token?: string } = {}) {
  const { payload, contentType } = multipart(
    {
      name: options.name ?? 'Tenancies',
      template: String(options.template ?? templateId),
      ...(options.reference ? { reference: options.reference } : {}),
    },
    { name: 'tenancies.csv', bytes: typeof csv === 'string' ? Buffer.from(csv) : csv },
  );
  return server.call('/prepopulation-upload', { token: options.token ?? admin, payload, contentType });
}

async function sourceCount(): Promise<number> {
  return (await server.ctx.db.select({ id: prepopulationSources.id }).from(prepopulationSources).where(eq(prepopulationSources.companyId, companyId)))
    .length;
}

const goodCsv = [
  'Ref,Tenant name,Address,Rent',
  'T-1,Margaret Ellis,"27 Harbour Street, Bristol",875',
  'T-2,=HYPERLINK("http://evil.example"),"4 Quay Lane",-920',
  'T-3,@Ethan Wright,"Flat ""B"", Mill Lane",+44',
  '',
].join('\r\n');

describe('creating a data source from a CSV file', () => {
  it('keeps every record as written, formulas as text, and fills the fields whose name or label a header gives', async () => {
    const answer = await upload(goodCsv, { name: 'Tenancies 2026' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 1, message: 'The data source has been created.', problems: [], problems_total: 0 });
    expect(answer.body.source).toMatchObject({ name: 'Tenancies 2026', template_id: templateId, template: 'Tenancy Agreement', records: 3 });
    const id = answer.body.source.id as number;
    const source = await server.call('/fetch-prepopulation', { method: 'GET', token: admin, query: `id=${id}` });
    expect(source.body).toMatchObject({
      headers: ['Ref', 'Tenant name', 'Address', 'Rent'],
      reference: 'Ref',
      order: { tenant_name: 'Tenant name' },
      setbyme: true,
    });
    expect(source.body.oids).toEqual(['T-1', 'T-2', 'T-3']);
    const records = await server.call('/prepopulation-records', { method: 'GET', token: admin, query: `id=${id}` });
    expect(records.body).toMatchObject({ total: 3, total_exact: true, reference: 'Ref' });
    expect(records.body.records[1]).toEqual({
      oid: 'T-2',
      values: { Ref: 'T-2', 'Tenant name': '=HYPERLINK("http://evil.example")', Address: '4 Quay Lane', Rent: '-920' },
    });
    expect(records.body.records[2].values).toMatchObject({ 'Tenant name': '@Ethan Wright', Address: 'Flat "B", Mill Lane', Rent: '+44' });
  });

  it('answers every bad row with its number and reason, and saves nothing', async () => {
    const before = await sourceCount();
    const csv = [
      'Ref,Tenant name,Rent',
      'T-1,Margaret Ellis,875',
      'T-2,Ethan Wright',
      ',Nobody,1',
      'T-1,Margaret Again,900',
      `T-4,${'x'.repeat(1001)},1`,
      'T-5,Fine,2',
    ].join('\n');
    const answer = await upload(csv);
    expect(answer.body).toEqual({
      code: -1,
      message: 'Some rows cannot be loaded. Nothing was saved: correct them and upload the file again.',
      source: null,
      problems: [
        { row: 3, reason: 'It has 2 values; the header has 3 columns.' },
        { row: 4, reason: 'Its Ref is empty: each record needs one.' },
        { row: 5, reason: 'Its Ref T-1 is already used on row 2.' },
        { row: 6, reason: 'Its Tenant name is longer than 1,000 characters.' },
      ],
      problems_total: 4,
    });
    expect(await sourceCount()).toBe(before);
  });

  it('refuses in words a file over its limits, not text, or without a usable header, and a template not the company’s', async () => {
    const before = await sourceCount();
    const refusal = async (answer: Promise<Json>) => {
      const { status, body } = await answer;
      expect(status).toBe(400);
      return body.message as string;
    };
    expect(await refusal(upload(Buffer.alloc(10 * 1024 * 1024 + 1, 'a')))).toBe('This file is larger than 10 MB: a data source takes at most 10 MB.');
    const rows = Array.from({ length: 50_001 }, (_, index) => `R${index},x`);
    expect(await refusal(upload(['Ref,Name', ...rows].join('\n')))).toBe(
      'The file has more than 50,000 records; a data source takes at most that many.',
    );
    expect(await refusal(upload(Buffer.from([0xff, 0xfe, 0x00, 0x41])))).toBe('This file is not a CSV file in UTF-8 text.');
    expect(await refusal(upload('Ref,Name,Ref\n1,a,1\n'))).toBe('The header row names the column Ref twice.');
    expect(await refusal(upload('Ref,Name\n1,a\n', { reference: 'Code' }))).toBe('The header row has no column Code to identify records by.');
    expect(await refusal(upload(`${Array.from({ length: 51 }, (_, index) => `C${index}`).join(',')}\n`))).toBe(
      'The file has 51 columns; a data source takes at most 50.',
    );
    expect(await refusal(upload('Ref,Name\n1,a\n', { template: otherTemplateId }))).toBe(
      'Choose one of your templates for this data source to fill.',
    );
    expect(await sourceCount()).toBe(before);
  });

  it('is for administrators only (403)', async () => {
    expect((await upload(goodCsv, { token: basic })).status).toBe(403);
    expect((await server.call('/prepopulation-records', { method: 'GET', token: basic, query: 'id=1' })).status).toBe(403);
  });
});

describe('a data source after it is loaded', () => {
  let id = 0;
  beforeAll(async () => {
    id = (await upload(goodCsv, { name: 'Working copy' })).body.source.id as number;
  });

  it('pages through its records and finds them by any column, ignoring case', async () => {
    const page = await server.call('/prepopulation-records', { method: 'GET', token: admin, query: `id=${id}&limit=2&page=2` });
    expect(page.body.records.map((record: Json) => record.oid)).toEqual(['T-3']);
    const found = await server.call('/prepopulation-records', { method: 'GET', token: admin, query: `id=${id}&search=harbour%20STREET` });
    expect(found.body.records.map((record: Json) => record.oid)).toEqual(['T-1']);
    const byRent = await server.call('/prepopulation-records', { method: 'GET', token: admin, query: `id=${id}&search=-920` });
    expect(byRent.body.records.map((record: Json) => record.oid)).toEqual(['T-2']);
  });

  it('maps its columns to a template’s fields, and a picked record fills them', async () => {
    const refused = await server.call('/prepopulation-source', {
      token: admin,
      body: { function: 'map', id, template: templateId, order: { tenant_name: 'Nope' } },
    });
    expect(refused.body).toEqual({ code: -1, message: 'The data has no column Nope.', source: null });
    const photo = await server.call('/prepopulation-source', {
      token: admin,
      body: { function: 'map', id, template: templateId, order: { deposit_photo: 'Ref' } },
    });
    expect(photo.body.message).toBe('Deposit photo cannot be filled from a data source.');
    const mapped = await server.call('/prepopulation-source', {
      token: admin,
      body: { function: 'map', id, template: templateId, order: { tenant_name: 'Tenant name', property_address: 'Address', monthly_rent: 'Rent' } },
    });
    expect(mapped.body).toMatchObject({ code: 1, message: 'The data source has been saved.', source: { id, template_id: templateId } });
    const record = await server.call('/fetch-prepopulation', { method: 'GET', token: admin, query: `id=${id}&oid=T-1` });
    expect(Object.fromEntries((record.body.fields as Json[]).map((field) => [field.name, field.value]))).toEqual({
      tenant_name: 'Margaret Ellis',
      property_address: '27 Harbour Street, Bristol',
      monthly_rent: 875,
    });
  });

  it('changes and deletes records (their reference stays), renames and deletes the source', async () => {
    const saved = await server.call('/prepopulation-record', {
      token: admin,
      body: { function: 'save', id, oid: 'T-3', values: { 'Tenant name': 'Ethan Wright' } },
    });
    expect(saved.body).toMatchObject({ code: 1, record: { oid: 'T-3', values: { 'Tenant name': 'Ethan Wright', Ref: 'T-3' } } });
    const found = await server.call('/prepopulation-records', { method: 'GET', token: admin, query: `id=${id}&search=ethan` });
    expect(found.body.records.map((record: Json) => record.oid)).toEqual(['T-3']);
    const moved = await server.call('/prepopulation-record', { token: admin, body: { function: 'save', id, oid: 'T-3', values: { Ref: 'T-9' } } });
    expect(moved.body).toEqual({ code: -1, message: 'The Ref of a record cannot be changed.', record: null });
    expect((await server.call('/prepopulation-record', { token: admin, body: { function: 'remove', id, oid: 'T-3' } })).body.code).toBe(1);
    expect((await server.call('/prepopulation-record', { token: admin, body: { function: 'remove', id, oid: 'T-3' } })).body).toEqual({
      code: -2,
      message: 'This record does not exist in the data source.',
      record: null,
    });
    const renamed = await server.call('/prepopulation-source', { token: admin, body: { function: 'rename', id, name: ' Old tenancies ' } });
    expect(renamed.body.source).toMatchObject({ name: 'Old tenancies', records: 2 });
    expect((await server.call('/prepopulation-source', { token: admin, body: { function: 'remove', id } })).body).toEqual({
      code: 1,
      message: 'The data source has been deleted.',
      source: null,
    });
    const left = await server.ctx.db.select().from(prepopulationRecords).where(eq(prepopulationRecords.sourceId, id));
    expect(left).toEqual([]);
  });
});

describe("another organisation's data source", () => {
  let theirs = 0;
  beforeAll(async () => {
    const harbourAdmin = (await server.signIn('harlet.admin', organisationPassword)).token;
    const { payload, contentType } = multipart(
      { name: 'Harbour data', template: String(otherTemplateId) },
      { name: 'h.csv', bytes: Buffer.from('Ref,Name\nH-1,Harbour secret\n') },
    );
    const made = await server.call('/prepopulation-upload', { token: harbourAdmin, payload, contentType });
    expect(made.body.code).toBe(1);
    theirs = made.body.source.id as number;
  });

  it('is refused as one that does not exist, for every change and read', async () => {
    const unknown = { code: -2, message: 'This data source does not exist.', source: null };
    for (const body of [
      { function: 'rename', id: theirs, name: 'Mine now' },
      { function: 'map', id: theirs, template: templateId, order: {} },
      { function: 'remove', id: theirs },
    ])
      expect((await server.call('/prepopulation-source', { token: admin, body })).body).toEqual(unknown);
    expect((await server.call('/prepopulation-records', { method: 'GET', token: admin, query: `id=${theirs}` })).status).toBe(404);
    for (const body of [
      { function: 'save', id: theirs, oid: 'H-1', values: { Name: 'Changed' } },
      { function: 'remove', id: theirs, oid: 'H-1' },
    ])
      expect((await server.call('/prepopulation-record', { token: admin, body })).body.code).toBe(-2);
    const record = await server.call('/fetch-prepopulation', { method: 'GET', token: admin, query: `id=${theirs}&oid=H-1` });
    expect(record.body).toMatchObject({ error: true, message: 'This data source does not exist.' });
    const [still] = await server.ctx.db.select().from(prepopulationRecords).where(eq(prepopulationRecords.sourceId, theirs));
    expect(still?.values).toEqual({ Ref: 'H-1', Name: 'Harbour secret' });
  });
});
