import { beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, insertDocuments, insertForm, insertTemplate, organisationPassword, seedOtherCompanyForms } from './support/form-rows.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

let admin = '';
let basic = '';
const ids: Record<string, number> = {};

beforeAll(async () => {
  const db = server.ctx.db;
  const { companyId } = await createOrganisation(db, server.ctx.passwords, 'Dockside Docs', 'ddocs');
  const incident = await insertTemplate(db, companyId, 'Incident Report');
  const supplier = await insertTemplate(db, companyId, 'Supplier Onboarding');
  const f1 = await insertForm(db, { companyId, templateId: incident, reference: 'DD-1', title: 'Incident at Elm Court', status: 'completed' });
  const f2 = await insertForm(db, { companyId, templateId: supplier, reference: 'DD-2', title: 'Brightwater Plumbing', status: 'in_progress' });
  const gone = await insertForm(db, {
    companyId,
    templateId: incident,
    reference: 'DD-3',
    title: 'Withdrawn report',
    status: 'cancelled',
    deletedAt: new Date(),
  });
  const [d1, d2, d3, d4, d5] = await insertDocuments(db, [
    {
      companyId,
      formId: f1,
      name: 'Photo of the damage.jpg',
      mime: 'image/jpeg',
      size: 4_887_552,
      fileKey: 'forms/dd1/photo.jpg',
      uploadedBy: 'Megan Price',
      uploadedAt: new Date('2025-05-02T09:57:00Z'),
    },
    {
      companyId,
      formId: f1,
      name: 'Floor plan.png',
      mime: 'image/png',
      size: 455_680,
      fileKey: 'forms/dd1/plan.png',
      uploadedBy: 'Mohammed Khan',
      uploadedAt: new Date('2025-05-03T16:15:00Z'),
    },
    {
      companyId,
      formId: f2,
      name: 'Insurance certificate.pdf',
      mime: 'application/pdf',
      size: 3_523_584,
      fileKey: 'forms/dd2/insurance.pdf',
      uploadedBy: 'Liam Carter',
      uploadedAt: new Date('2025-05-04T15:26:00Z'),
    },
    {
      companyId,
      formId: f2,
      name: 'Bank letter.pdf',
      mime: 'application/pdf',
      size: 1_978_368,
      fileKey: 'forms/dd2/bank.pdf',
      uploadedBy: 'Grace Okafor',
      uploadedAt: new Date('2025-05-05T08:08:00Z'),
    },
    {
      companyId,
      formId: gone,
      name: 'Withdrawn photo.jpg',
      mime: 'image/jpeg',
      size: 1000,
      fileKey: 'forms/dd3/photo.jpg',
      uploadedBy: 'Megan Price',
      uploadedAt: new Date('2025-05-06T08:08:00Z'),
    },
  ]);
  Object.assign(ids, { d1, d2, d3, d4, d5, f1, f2, incident, supplier });
  await server.ctx.files.put('forms/dd2/bank.pdf', Buffer.from('%PDF-1.7 bank letter'), 'application/pdf');
  const harbour = await seedOtherCompanyForms(db, new Date());
  const theirs = harbour.submissions[0]?.id ?? 0;
  await insertDocuments(db, [
    {
      companyId: harbour.companyId,
      formId: theirs,
      name: 'Harbour gas certificate.pdf',
      mime: 'application/pdf',
      size: 10,
      fileKey: 'forms/hh/gas.pdf',
      uploadedBy: 'Grace Okafor',
      uploadedAt: new Date('2025-05-04T10:00:00Z'),
    },
  ]);
  admin = (await server.signIn('ddocs.admin', organisationPassword)).token;
  basic = (await server.signIn('ddocs.basic', organisationPassword)).token;
});

async function documents(
  filters: Record<string, string | number> = {},
  paging: { page?: number; limit?: number } = {},
  token = admin,
): Promise<Json> {
  const query = new URLSearchParams();
  if (paging.page) query.set('page', String(paging.page));
  if (paging.limit) query.set('limit', String(paging.limit));
  for (const [name, value] of Object.entries(filters)) query.set(`filters[${name}]`, String(value));
  const answer = await server.call('/get-alldocuments', { method: 'GET', token, query: query.toString() });
  expect(answer.status).toBe(200);
  return answer.body;
}

const names = (page: Json): string[] => page.data.map((row: Json) => row.name);

describe('supporting documents', () => {
  it("list the files attached to the company's forms, newest first, with the form's title and reference", async () => {
    const page = await documents();
    expect(page).toMatchObject({ page: 1, limit: 25, total: 4 });
    expect(names(page)).toEqual(['Bank letter.pdf', 'Insurance certificate.pdf', 'Floor plan.png', 'Photo of the damage.jpg']);
    expect(page.data[0]).toEqual({
      id: ids.d4,
      name: 'Bank letter.pdf',
      form_id: ids.f2,
      form: 'Brightwater Plumbing',
      reference: 'DD-2',
      uploaded_by: 'Grace Okafor',
      uploaded_at: '2025-05-05T08:08:00.000Z',
      size: 1_978_368,
      mime: 'application/pdf',
      url: expect.stringMatching(/^\/api\/file\?key=forms%2Fdd2%2Fbank\.pdf&exp=\d+&sig=[\w-]+&name=Bank\+letter\.pdf$/),
    });
  });

  it('open by their signed address, without the sign-in token', async () => {
    const url = new URL((await documents()).data[0].url, 'http://formsign.test');
    const file = await server.call('/file', { method: 'GET', query: url.searchParams.toString() });
    expect(file).toMatchObject({ status: 200, text: '%PDF-1.7 bank letter' });
    expect(file.headers['content-disposition']).toBe(`inline; filename="Bank letter.pdf"; filename*=UTF-8''Bank%20letter.pdf`);
  });

  it('are searched by file, form, reference and uploader, filtered by template and day, sorted and paged', async () => {
    expect(names(await documents({ search: 'floor' }))).toEqual(['Floor plan.png']);
    expect(names(await documents({ search: 'elm court' }))).toEqual(['Floor plan.png', 'Photo of the damage.jpg']);
    expect(names(await documents({ search: 'DD-2' }))).toEqual(['Bank letter.pdf', 'Insurance certificate.pdf']);
    expect(names(await documents({ search: 'okafor' }))).toEqual(['Bank letter.pdf']);
    expect(names(await documents({ template: ids.supplier ?? 0 }))).toEqual(['Bank letter.pdf', 'Insurance certificate.pdf']);
    expect(names(await documents({ from: '2025-05-03', to: '2025-05-04' }))).toEqual(['Insurance certificate.pdf', 'Floor plan.png']);
    expect(names(await documents({ sort: 'size', order: 'asc' }))).toEqual([
      'Floor plan.png',
      'Bank letter.pdf',
      'Insurance certificate.pdf',
      'Photo of the damage.jpg',
    ]);
    expect(names(await documents({ sort: 'name' }))).toEqual([
      'Bank letter.pdf',
      'Floor plan.png',
      'Insurance certificate.pdf',
      'Photo of the damage.jpg',
    ]);
    const second = await documents({ sort: 'uploaded_at', order: 'asc' }, { page: 2, limit: 3 });
    expect(second).toMatchObject({ page: 2, limit: 3, total: 4 });
    expect(names(second)).toEqual(['Bank letter.pdf']);
  });

  it("leave out a deleted form's files and never show another organisation's", async () => {
    expect((await documents({ search: 'withdrawn' })).total).toBe(0);
    expect((await documents({ search: 'harbour' })).total).toBe(0);
    const northwind = (await server.signIn('demo.admin')).token;
    expect((await documents({ search: 'DD-' }, {}, northwind)).total).toBe(0);
  });

  it("are not a basic user's when the forms are not theirs (they sent none of them and take part in none)", async () => {
    expect((await documents({}, {}, basic)).total).toBe(0);
  });
});
