import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, prepopulationRecords, prepopulationSources, templates, type FieldDefinition } from '../src/db/schema.js';
import { prefillFields } from '../src/modules/prepopulation/prefill.js';
import { companyIdOf, createOrganisation, insertTemplate, organisationPassword, userIdOf } from './support/form-rows.js';
import { fixturePassword, otherCompany } from './support/fixtures.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

const fields: FieldDefinition[] = [
  { name: 'tenant_name', label: 'Tenant name', type: 'text', required: true },
  { name: 'property_address', label: 'Property address', type: 'textarea', required: true },
  { name: 'start_date', label: 'Start date', type: 'date', required: true },
  { name: 'monthly_rent', label: 'Monthly rent', type: 'number', required: true },
  { name: 'pets', label: 'Pets', type: 'checkbox', required: false },
  { name: 'tenant_email', label: 'Tenant email', type: 'email', required: false },
  { name: 'deposit_photo', label: 'Deposit photo', type: 'file', required: false },
  { name: 'tenant_signature', label: 'Tenant signature', type: 'signature', required: true },
];
const order = { tenant_name: 'Tenant', property_address: 'Address', start_date: 'Start', monthly_rent: 'Rent', pets: 'Pets', tenant_email: 'Email' };
const headers = ['TenancyRef', 'Tenant', 'Address', 'Start', 'Rent', 'Pets', 'Email'];

let admin = '';
let companyId = 0;
let tenanciesId = 0;
let propertiesId = 0;
let harbourSourceId = 0;
let templateId = 0;

beforeAll(async () => {
  const db = server.ctx.db;
  const organisation = await createOrganisation(db, server.ctx.passwords, 'Tenancy Partners', 'tenancy');
  companyId = organisation.companyId;
  templateId = await insertTemplate(db, companyId, 'Tenancy Agreement', fields);
  const inspection = await insertTemplate(db, companyId, 'Property Inspection', [
    { name: 'address', label: 'Address', type: 'text', required: true },
  ]);
  const [tenancies, properties] = await db
    .insert(prepopulationSources)
    .values([
      {
        companyId,
        name: 'Tenancies',
        templateId,
        headers,
        order,
        reference: 'TenancyRef',
        setBy: organisation.adminId,
        loadedAt: new Date('2025-11-18T12:10:00Z'),
        updatedAt: new Date('2025-11-01T00:00:00Z'),
      },
      {
        companyId,
        name: 'Properties',
        templateId: inspection,
        headers: ['Ref', 'Address'],
        order: { address: 'Address' },
        reference: 'Ref',
        setBy: await userIdOf(db, 'tenancy.basic'),
        updatedAt: new Date('2025-10-28T15:30:00Z'),
      },
    ])
    .returning({ id: prepopulationSources.id });
  tenanciesId = tenancies?.id ?? 0;
  propertiesId = properties?.id ?? 0;
  await db.insert(prepopulationRecords).values([
    {
      sourceId: tenanciesId,
      oid: 'T-0415',
      values: {
        TenancyRef: 'T-0415',
        Tenant: 'Owen Price',
        Address: '3 Mill Lane',
        Start: '2026-01-15',
        Rent: '950.50',
        Pets: 'No',
        Email: 'owen.price@mail.example',
      },
    },
    {
      sourceId: tenanciesId,
      oid: 'T-0412',
      values: {
        TenancyRef: 'T-0412',
        Tenant: 'Margaret Ellis',
        Address: '27 Harbour Street, Bristol BS1 4QA',
        Start: '2026-12-01',
        Rent: '875',
        Pets: 'yes',
        Email: 'margaret.ellis@mail.example',
      },
    },
    {
      sourceId: tenanciesId,
      oid: 'T-0413',
      values: { TenancyRef: 'T-0413', Tenant: 'Sam Lee', Address: '9 Quay Street', Start: '2026-02-01', Rent: 'n/a', Pets: 'no', Email: '' },
    },
    { sourceId: propertiesId, oid: 'P-1', values: { Ref: 'P-1', Address: '27 Harbour Street' } },
  ]);
  const harbour = await companyIdOf(db, 'Harbour Homes');
  const harbourTemplate = await insertTemplate(db, harbour, 'Harbour Tenancy', fields);
  const [theirs] = await db
    .insert(prepopulationSources)
    .values({ companyId: harbour, name: 'Harbour tenants', templateId: harbourTemplate, headers, order, reference: 'TenancyRef' })
    .returning({ id: prepopulationSources.id });
  harbourSourceId = theirs?.id ?? 0;
  await db.insert(prepopulationRecords).values({ sourceId: harbourSourceId, oid: 'T-0412', values: { Tenant: 'Not Theirs' } });
  admin = (await server.signIn('tenancy.admin', organisationPassword)).token;
});

async function prepopulation(query: string, token = admin): Promise<Json> {
  const answer = await server.call('/fetch-prepopulation', { method: 'GET', token, query });
  expect(answer.status).toBe(200);
  return answer.body;
}

const nothing = { fields: [], oids: [], headers: [], order: {}, setbyme: false, reference: '', timestamp: '' };

describe('pre-population', () => {
  it("lists the company's data sources with their template, records and when the data was loaded", async () => {
    expect(await prepopulation('')).toEqual({
      error: false,
      message: '',
      type: 'list',
      source: [
        {
          id: propertiesId,
          name: 'Properties',
          template_id: expect.any(Number),
          template: 'Property Inspection',
          records: 1,
          updated_at: '2025-10-28T15:30:00.000Z',
        },
        {
          id: tenanciesId,
          name: 'Tenancies',
          template_id: templateId,
          template: 'Tenancy Agreement',
          records: 3,
          updated_at: '2025-11-18T12:10:00.000Z',
        },
      ],
      ...nothing,
    });
  });

  it("shows one source: its template's fields, the data's headers, the order, the record ids, who set it up and when", async () => {
    expect(await prepopulation(`id=${tenanciesId}`)).toEqual({
      error: false,
      message: '',
      type: 'source',
      source: [
        {
          id: tenanciesId,
          name: 'Tenancies',
          template_id: templateId,
          template: 'Tenancy Agreement',
          records: 3,
          updated_at: '2025-11-18T12:10:00.000Z',
        },
      ],
      fields: [
        { name: 'tenant_name', label: 'Tenant name', type: 'text', required: true },
        { name: 'property_address', label: 'Property address', type: 'textarea', required: true },
        { name: 'start_date', label: 'Start date', type: 'date', required: true },
        { name: 'monthly_rent', label: 'Monthly rent', type: 'number', required: true },
        { name: 'pets', label: 'Pets', type: 'checkbox', required: false },
        { name: 'tenant_email', label: 'Tenant email', type: 'email', required: false },
        { name: 'tenant_signature', label: 'Tenant signature', type: 'signature', required: true },
      ],
      oids: ['T-0412', 'T-0413', 'T-0415'],
      headers,
      order,
      setbyme: true,
      reference: 'TenancyRef',
      timestamp: '2025-11-18T12:10:00.000Z',
    });
    expect(await prepopulation(`id=${propertiesId}`)).toMatchObject({ setbyme: false, timestamp: '', oids: ['P-1'] });
  });

  it("shows one record's values in the template's fields, typed as each field is; refs limit the fields", async () => {
    const record = await prepopulation(`id=${tenanciesId}&oid=T-0412`);
    expect(record).toMatchObject({ error: false, type: 'record', oids: ['T-0412'], reference: 'TenancyRef' });
    expect(record.fields).toEqual([
      { name: 'tenant_name', label: 'Tenant name', type: 'text', required: true, value: 'Margaret Ellis' },
      { name: 'property_address', label: 'Property address', type: 'textarea', required: true, value: '27 Harbour Street, Bristol BS1 4QA' },
      { name: 'start_date', label: 'Start date', type: 'date', required: true, value: '2026-12-01' },
      { name: 'monthly_rent', label: 'Monthly rent', type: 'number', required: true, value: 875 },
      { name: 'pets', label: 'Pets', type: 'checkbox', required: false, value: true },
      { name: 'tenant_email', label: 'Tenant email', type: 'email', required: false, value: 'margaret.ellis@mail.example' },
      { name: 'tenant_signature', label: 'Tenant signature', type: 'signature', required: true },
    ]);
    const other = await prepopulation(`id=${tenanciesId}&oid=T-0413&refs=monthly_rent,pets,tenant_email`);
    expect(other.fields.map((field: Json) => [field.name, field.value])).toEqual([
      ['monthly_rent', 'n/a'],
      ['pets', false],
      ['tenant_email', null],
    ]);
  });

  it("says so when the source or the record does not exist, or is another organisation's", async () => {
    const unknown = { error: true, message: 'This data source does not exist.', type: 'source', source: [], ...nothing };
    expect(await prepopulation('id=999999')).toEqual(unknown);
    expect(await prepopulation(`id=${harbourSourceId}`)).toEqual(unknown);
    expect(await prepopulation(`id=${harbourSourceId}&oid=T-0412`)).toEqual(unknown);
    expect(await prepopulation(`id=${tenanciesId}&oid=T-9999`)).toMatchObject({
      error: true,
      message: 'This record does not exist in the data source.',
      type: 'record',
      fields: [],
      oids: [],
    });
  });

  it('is for administrators only (403)', async () => {
    const basic = (await server.signIn('tenancy.basic', organisationPassword)).token;
    expect((await server.call('/fetch-prepopulation', { method: 'GET', token: basic })).status).toBe(403);
  });
});

describe("the demo organisation's data source", () => {
  it('holds the tenancies that fill in its tenancy agreements', async () => {
    const northwind = (await server.signIn('demo.admin')).token;
    const list = await prepopulation('', northwind);
    const tenancies = list.source.find((source: Json) => source.name === 'Tenancies');
    expect(tenancies).toMatchObject({ template: 'Tenancy Agreement', records: 8 });
    const record = await prepopulation(`id=${tenancies.id}&oid=T-0412&refs=tenant_name,monthly_rent`, northwind);
    expect(record.fields.map((field: Json) => [field.name, field.value])).toEqual([
      ['tenant_name', 'Margaret Ellis'],
      ['monthly_rent', 875],
    ]);
    expect(record.setbyme).toBe(true);
  });
});

describe('filling a form from records', () => {
  it('sets each field the records name from the column the source orders for it', async () => {
    const filled = await prefillFields(server.ctx, companyId, `${tenanciesId}:T-0412`, fields);
    expect(Object.fromEntries(filled.map((field) => [field.name, field.value]))).toEqual({
      tenant_name: 'Margaret Ellis',
      property_address: '27 Harbour Street, Bristol BS1 4QA',
      start_date: '2026-12-01',
      monthly_rent: 875,
      pets: true,
      tenant_email: 'margaret.ellis@mail.example',
      deposit_photo: undefined,
      tenant_signature: undefined,
    });
    expect(filled[0]).toEqual({ ...fields[0], value: 'Margaret Ellis' });
  });

  it("takes several records, the first naming a field filling it; ignores refs that are not the company's or not refs", async () => {
    const mixed = [...fields.slice(0, 2), { name: 'address', label: 'Address', type: 'text' as const, required: true }];
    const filled = await prefillFields(
      server.ctx,
      companyId,
      ` ${tenanciesId}:T-0415 , ${propertiesId}:P-1, ${tenanciesId}:T-0412, nonsense, :x, 0:T-0412`,
      mixed,
    );
    expect(filled.map((field) => field.value)).toEqual(['Owen Price', '3 Mill Lane', '27 Harbour Street']);
    const theirs = await prefillFields(server.ctx, companyId, `${harbourSourceId}:T-0412`, fields);
    expect(theirs.every((field) => field.value === undefined)).toBe(true);
    expect(await prefillFields(server.ctx, companyId, '', fields)).toEqual(fields);
  });
});

describe('a form sent or opened with refs', () => {
  /** A Tenancy Agreement the office fills (name, address) and the tenant completes and signs. */
  async function tenancyTemplate(): Promise<number> {
    const staged: FieldDefinition[] = fields.map((field) => ({ ...field, step: ['tenant_name', 'property_address'].includes(field.name) ? 0 : 1 }));
    const id = await insertTemplate(server.ctx.db, companyId, `Tenancy ${Math.random().toString(36).slice(2, 8)}`, staged);
    await server.ctx.db
      .update(templates)
      .set({ steps: [{ label: 'Tenant', action: 'sign' }] })
      .where(eq(templates.id, id));
    await server.ctx.db
      .update(companies)
      .set({ envelopesBought: sql`${companies.envelopesBought} + 5` })
      .where(eq(companies.id, companyId));
    return id;
  }

  function linkFor(email: string): { pageId: string; token: string } {
    const match = /\/web-signing\/([\w-]+)\?token=([\w-]+)/.exec(server.mail.filter((message) => message.to === email).at(-1)?.text ?? '');
    if (!match) throw new Error(`No signing link mailed to ${email}`);
    return { pageId: match[1] ?? '', token: match[2] ?? '' };
  }

  const valuesOf = (form: Json): Record<string, unknown> => Object.fromEntries((form.fields as Json[]).map((field) => [field.name, field.value]));

  it("is sent filled from the record, the sender's own answers winning, and the tenant sees the rest filled in", async () => {
    const template = await tenancyTemplate();
    const sent = await server.call('/send-form', {
      token: admin,
      body: {
        template,
        recipients: [{ name: 'Margaret Ellis', email: 'margaret.ellis@mail.example' }],
        values: { property_address: 'Flat 2, 27 Harbour Street' },
        refs: `${tenanciesId}:T-0412`,
      },
    });
    expect(sent.body).toMatchObject({ code: 1 });
    const link = linkFor('margaret.ellis@mail.example');
    const loaded = await server.call('/websigning', { body: { function: 'load', id: link.pageId, token: link.token } });
    expect(valuesOf(loaded.body.data)).toMatchObject({
      tenant_name: 'Margaret Ellis',
      property_address: 'Flat 2, 27 Harbour Street',
      start_date: '2026-12-01',
      monthly_rent: 875,
      pets: true,
    });
  });

  it('opens from a link as the sender sent it: refs the link holder adds fill nothing', async () => {
    const template = await tenancyTemplate();
    const filled = await server.call('/send-form', {
      token: admin,
      body: {
        template,
        recipients: [{ name: 'Owen Price', email: 'owen.price@mail.example' }],
        values: { tenant_name: 'Owen Price' },
        refs: `${tenanciesId}:T-0415`,
      },
    });
    expect(filled.body).toMatchObject({ code: 1 });
    const owen = linkFor('owen.price@mail.example');
    // Another tenant's record, named by the link's holder, changes nothing.
    const asked = await server.call('/websigning', { body: { function: 'load', id: owen.pageId, token: owen.token, refs: `${tenanciesId}:T-0412` } });
    expect(valuesOf(asked.body.data)).toMatchObject({
      tenant_name: 'Owen Price',
      property_address: '3 Mill Lane',
      monthly_rent: 950.5,
      start_date: '2026-01-15',
      pets: false,
      tenant_email: 'owen.price@mail.example',
    });
    expect(asked.text).not.toContain('Margaret');
    // Its template, whose sources may fill a step, is named to a signed-in person of its company only.
    expect(asked.body.data.template_id).toBeNull();
    const fromAccount = await server.call('/websigning', { token: admin, body: { function: 'load', id: owen.pageId, token: owen.token } });
    expect(fromAccount.body.data.template_id).toBe(template);
    const stranger = (await server.signIn(otherCompany.admin, fixturePassword)).token;
    const fromElsewhere = await server.call('/websigning', { token: stranger, body: { function: 'load', id: owen.pageId, token: owen.token } });
    expect(fromElsewhere.body.data.template_id).toBeNull();

    // A form sent without records stays as the sender left it.
    const plain = await server.call('/send-form', {
      token: admin,
      body: {
        template,
        recipients: [{ name: 'Sam Lee', email: 'sam.lee@mail.example' }],
        values: { tenant_name: 'Sam Lee', property_address: '9 Quay Street' },
      },
    });
    expect(plain.body).toMatchObject({ code: 1 });
    const sam = linkFor('sam.lee@mail.example');
    for (const refs of [`${tenanciesId}:T-0412`, `${propertiesId}:P-1`, `${harbourSourceId}:T-0412`]) {
      const tried = await server.call('/websigning', { body: { function: 'load', id: sam.pageId, token: sam.token, refs } });
      expect(tried.body.error).toBe('');
      const values = valuesOf(tried.body.data);
      expect(values, refs).toMatchObject({ tenant_name: 'Sam Lee', property_address: '9 Quay Street' });
      expect([values.start_date, values.monthly_rent, values.tenant_email], refs).toEqual([undefined, undefined, undefined]);
      // Another record's name and address appear nowhere (its rent is checked above, by field).
      expect(tried.text).not.toMatch(/Margaret|Harbour Street/);
    }
  });

  it('opened from its template is filled from refs only for a person who may read the records', async () => {
    const template = await tenancyTemplate();
    const refs = `${tenanciesId}:T-0412`;
    const basic = (await server.signIn('tenancy.basic', organisationPassword)).token;
    const asBasic = await server.call('/websigning', { token: basic, body: { function: 'load', id: String(template), refs } });
    expect(asBasic.body.error).toBe('');
    expect(Object.values(valuesOf(asBasic.body.data)).every((value) => value === undefined)).toBe(true);
    expect(asBasic.text).not.toMatch(/Margaret|Harbour Street|875/);
    const asAdmin = await server.call('/websigning', { token: admin, body: { function: 'load', id: String(template), refs } });
    expect(valuesOf(asAdmin.body.data)).toMatchObject({ tenant_name: 'Margaret Ellis', monthly_rent: 875 });
    expect(asAdmin.body.data.template_id).toBe(template);
  });

  it('is refused when sent with refs by a person who may not read the records', async () => {
    const template = await tenancyTemplate();
    const basic = (await server.signIn('tenancy.basic', organisationPassword)).token;
    const refused = await server.call('/send-form', {
      token: basic,
      body: {
        template,
        recipients: [{ name: 'Bo Basic', email: 'basic@tenancy.example' }],
        values: { tenant_name: 'Bo', property_address: 'Here' },
        refs: `${tenanciesId}:T-0412`,
      },
    });
    expect(refused.body).toMatchObject({ code: -1, message: 'Only an administrator can fill a form from pre-population records.', id: null });
    expect(server.mail.filter((message) => message.to === 'basic@tenancy.example')).toEqual([]);
  });
});
