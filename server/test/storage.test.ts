import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rawRows } from '../src/db/raw-rows.js';
import { documents, storedFiles } from '../src/db/schema.js';
import { bytesUsed } from '../src/modules/storage/repository.js';
import { createOrganisation, insertForm, insertTemplate, organisationPassword, seedOtherCompanyForms, type Timesheets } from './support/form-rows.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

let admin = '';
let companyId = 0;
let harbour: Timesheets;
const ids: Record<string, number> = {};
const sealed = Buffer.from('%PDF-1.7 the signed lease of 4 Dock Road');
const sizes = [1000, 2000, 3000, 4000, 5000, 6000];

function queryOf(params: { stored?: string; action?: string; id?: number; form?: number; page?: number; limit?: number }): string {
  const query = new URLSearchParams();
  if (params.stored !== undefined) query.set('stored', params.stored);
  if (params.action) query.set('data[action]', params.action);
  if (params.id) query.set('data[id]', String(params.id));
  if (params.form) query.set('data[form]', String(params.form));
  if (params.page) query.set('page', String(params.page));
  if (params.limit) query.set('limit', String(params.limit));
  return query.toString();
}

async function storage(params: Parameters<typeof queryOf>[0], token = admin): Promise<{ status: number; body: Json }> {
  return server.call('/manage-storage', { method: 'GET', token, query: queryOf(params) });
}

beforeAll(async () => {
  const db = server.ctx.db;
  ({ companyId } = await createOrganisation(db, server.ctx.passwords, 'Storeroom Ltd', 'store', { storage_auto_save: false }));
  const folders = ['', '', 'Care', 'Care/2025', 'HR', 'HR/Contracts/Signed'];
  const rows = await db
    .insert(storedFiles)
    .values(
      folders.map((folder, i) => ({
        companyId,
        folder,
        name: `File ${i}.pdf`,
        mime: 'application/pdf',
        size: sizes[i] ?? 0,
        fileKey: `storage/test/${i}.pdf`,
        createdBy: 'Ada Admin',
        createdAt: new Date(Date.UTC(2025, 5, 1 + i)),
      })),
    )
    .returning({ id: storedFiles.id });
  rows.forEach((row, i) => (ids[`file${i}`] = row.id));
  await server.ctx.files.put('storage/test/1.pdf', Buffer.from('%PDF file 1'), 'application/pdf');
  const lease = await insertTemplate(db, companyId, 'Lease');
  await server.ctx.files.put('forms/store/sealed.pdf', sealed, 'application/pdf');
  ids['signed'] = await insertForm(db, {
    companyId,
    templateId: lease,
    reference: 'SR-1',
    title: 'Lease of 4 Dock Road',
    status: 'completed',
    completedAt: new Date(),
    sealedKey: 'forms/store/sealed.pdf',
  });
  ids['unsealed'] = await insertForm(db, {
    companyId,
    templateId: lease,
    reference: 'SR-2',
    title: 'Lease of 9 Quay Street',
    status: 'completed',
    completedAt: new Date(),
  });
  ids['open'] = await insertForm(db, { companyId, templateId: lease, reference: 'SR-3', title: 'Lease of 1 Mill Lane', status: 'in_progress' });
  harbour = await seedOtherCompanyForms(db, new Date());
  await db.insert(storedFiles).values({
    companyId: harbour.companyId,
    folder: '',
    name: 'Harbour file.pdf',
    mime: 'application/pdf',
    size: 77,
    fileKey: 'storage/harbour/1.pdf',
    createdBy: 'Grace Okafor',
  });
  admin = (await server.signIn('store.admin', organisationPassword)).token;
});

const total = sizes.reduce((a, b) => a + b, 0);

describe('the document storage', () => {
  it('shows a folder: its files newest first with signed addresses, the folders inside it, the space used', async () => {
    const root = await storage({});
    expect(root.status).toBe(200);
    expect(root.body).toMatchObject({
      page: 1,
      limit: 25,
      total: 2,
      save: { enabled: false, folder: '', folders: ['Care', 'HR'], used: total, quota: 5_368_709_120 },
    });
    expect(root.body.files.map((file: Json) => file.name)).toEqual(['File 1.pdf', 'File 0.pdf']);
    expect(root.body.files[0]).toEqual({
      id: ids['file1'],
      name: 'File 1.pdf',
      folder: '',
      size: 2000,
      mime: 'application/pdf',
      created_at: '2025-06-02T00:00:00.000Z',
      url: expect.stringMatching(/^\/api\/file\?key=storage%2Ftest%2F1\.pdf&/),
    });
    const url = new URL(root.body.files[0].url, 'http://formsign.test');
    expect((await server.call('/file', { method: 'GET', query: url.searchParams.toString() })).text).toBe('%PDF file 1');

    const care = await storage({ stored: ' /Care/ ' });
    expect(care.body.save).toMatchObject({ folder: 'Care', folders: ['2025'] });
    expect(care.body.files.map((file: Json) => file.name)).toEqual(['File 2.pdf']);
    expect((await storage({ stored: 'HR' })).body.save.folders).toEqual(['Contracts']);
    expect((await storage({ stored: 'HR/Contracts' })).body).toMatchObject({ total: 0, files: [], save: { folders: ['Signed'] } });
    expect((await storage({ stored: 'Nowhere' })).body).toMatchObject({ total: 0, files: [], save: { folders: [] } });
    expect((await storage({ limit: 1, page: 2 })).body.files.map((file: Json) => file.name)).toEqual(['File 0.pdf']);
  });

  it("saves a copy of a completed form's signed PDF into the folder; the answer is the folder afterwards", async () => {
    const saved = await storage({ stored: 'Care', action: 'save', form: ids['signed'] });
    expect(saved.status).toBe(200);
    expect(saved.body.files[0]).toMatchObject({
      name: 'Lease of 4 Dock Road SR-1.pdf',
      folder: 'Care',
      size: sealed.length,
      mime: 'application/pdf',
    });
    expect(saved.body.save.used).toBe(total + sealed.length);
    const url = new URL(saved.body.files[0].url, 'http://formsign.test');
    expect((await server.call('/file', { method: 'GET', query: url.searchParams.toString() })).text).toBe(sealed.toString());
    const again = await storage({ stored: 'Care', action: 'save', form: ids['signed'] });
    expect(again.body.files.map((file: Json) => file.name)).toEqual([
      'Lease of 4 Dock Road SR-1 (2).pdf',
      'Lease of 4 Dock Road SR-1.pdf',
      'File 2.pdf',
    ]);
    const logs = await server.call('/fetch-logs', { method: 'GET', token: admin, query: 'filters[search]=saved file' });
    expect(logs.body.data[0]).toMatchObject({ action: 'Saved file', target: 'Lease of 4 Dock Road SR-1 (2).pdf' });
    // Each copy is its own file: deleting one leaves the other and the form's PDF.
    await storage({ stored: 'Care', action: 'delete', id: again.body.files[0].id });
    expect(await server.ctx.files.get('forms/store/sealed.pdf')).toEqual(sealed);
    const rest = new URL((await storage({ stored: 'Care' })).body.files[0].url, 'http://formsign.test');
    expect((await server.call('/file', { method: 'GET', query: rest.searchParams.toString() })).text).toBe(sealed.toString());
  });

  it('refuses a form without a PDF, one not completed, none chosen, and a folder name that is not one (400)', async () => {
    expect(await storage({ action: 'save', form: ids['unsealed'] })).toMatchObject({ status: 400, body: { message: 'This form has no PDF yet.' } });
    expect(await storage({ action: 'save', form: ids['open'] })).toMatchObject({
      status: 400,
      body: { message: 'Only completed forms can be saved to Documents.' },
    });
    expect(await storage({ action: 'save' })).toMatchObject({ status: 400, body: { message: 'Choose the completed form to save.' } });
    expect(await storage({ action: 'delete' })).toMatchObject({ status: 400, body: { message: 'Choose the file to delete.' } });
    expect(await storage({ stored: 'Care/../HR' })).toMatchObject({ status: 400, body: { message: 'This folder name is not valid.' } });
  });

  it('deletes a file: gone from the folder and the space used, its bytes removed, the deletion recorded', async () => {
    const before = (await storage({})).body.save.used;
    const answer = await storage({ action: 'delete', id: ids['file1'] });
    expect(answer.status).toBe(200);
    expect(answer.body.files.map((file: Json) => file.name)).toEqual(['File 0.pdf']);
    expect(answer.body.save.used).toBe(before - 2000);
    expect(await server.ctx.files.get('storage/test/1.pdf')).toBeNull();
    const logs = await server.call('/fetch-logs', { method: 'GET', token: admin, query: 'filters[search]=deleted file' });
    expect(logs.body.data[0]).toMatchObject({ action: 'Deleted file', target: 'File 1.pdf' });
    expect((await storage({ action: 'delete', id: ids['file1'] })).status).toBe(404);
  });

  it("cannot reach another organisation's files or forms: 404, and nothing changes", async () => {
    const grace = (await server.signIn('grace.okafor', 'harbour-pass-1')).token;
    const theirs = (await storage({}, grace)).body.files[0];
    expect(theirs.name).toBe('Harbour file.pdf');
    expect((await storage({ action: 'delete', id: theirs.id })).status).toBe(404);
    expect((await storage({}, grace)).body.files.map((file: Json) => file.name)).toEqual(['Harbour file.pdf']);
    expect((await storage({ action: 'save', form: harbour.submissions[0]?.id ?? 0 })).status).toBe(404);
    expect((await storage({})).body.files.map((file: Json) => file.name)).not.toContain('Harbour file.pdf');
  });

  it('keeps within the quota of 5 GiB', async () => {
    await server.ctx.db.insert(storedFiles).values({
      companyId,
      folder: 'Archive',
      name: 'Everything.zip',
      mime: 'application/zip',
      size: 2_147_483_000,
      fileKey: 'storage/test/big.zip',
      createdBy: 'Ada Admin',
    });
    await server.ctx.db.insert(storedFiles).values({
      companyId,
      folder: 'Archive',
      name: 'Everything else.zip',
      mime: 'application/zip',
      size: 2_147_483_000,
      fileKey: 'storage/test/big2.zip',
      createdBy: 'Ada Admin',
    });
    await server.ctx.db.insert(storedFiles).values({
      companyId,
      folder: 'Archive',
      name: 'The rest.zip',
      mime: 'application/zip',
      size: 1_073_742_000,
      fileKey: 'storage/test/big3.zip',
      createdBy: 'Ada Admin',
    });
    const root = await storage({});
    expect(root.body.save.used).toBeGreaterThan(5_368_709_120 - sealed.length);
    expect(await storage({ action: 'save', form: ids['signed'] })).toMatchObject({
      status: 400,
      body: { message: 'There is not enough storage left for this file. Delete some files and try again.' },
    });
  });

  it('adds up the space used as files come and go, in any statement, whatever the company', async () => {
    const db = server.ctx.db;
    // What the files add up to, read from the files themselves.
    const counted = async (company: number) => {
      const [row] = await rawRows<{ n: number }>(
        db,
        sql`select ((select coalesce(sum(size), 0) from stored_files where company_id = ${company})
                  + (select coalesce(sum(size), 0) from documents where company_id = ${company}))::float8 as n`,
      );
      return row?.n ?? -1;
    };
    const same = async () => {
      for (const company of [companyId, harbour.companyId]) expect(await bytesUsed(db, company)).toBe(await counted(company));
    };
    await same();
    const formId = ids['unsealed'] ?? 0;
    const attached = await db
      .insert(documents)
      .values(
        ['receipt', 'evidence'].map((field, i) => ({
          companyId,
          formId,
          field,
          name: `${field}.pdf`,
          mime: 'application/pdf',
          size: 300 + i,
          fileKey: `documents/${field}.pdf`,
          uploadedBy: 'Ada Admin',
        })),
      )
      .returning({ id: documents.id });
    await same();
    await db
      .update(documents)
      .set({ size: 900 })
      .where(eq(documents.id, attached[0]?.id ?? 0));
    await same();
    // Renamed, or moved to another folder: the space used stays as it was.
    await db.update(storedFiles).set({ folder: 'Moved' }).where(eq(storedFiles.companyId, companyId));
    await same();
    const [theirs] = await db.select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.companyId, harbour.companyId));
    await db
      .update(storedFiles)
      .set({ companyId })
      .where(eq(storedFiles.id, theirs?.id ?? 0));
    await same();
    await db
      .update(storedFiles)
      .set({ companyId: harbour.companyId })
      .where(eq(storedFiles.id, theirs?.id ?? 0));
    await db.delete(documents).where(eq(documents.formId, formId));
    await same();
    await db.delete(storedFiles).where(eq(storedFiles.companyId, companyId));
    await same();
    expect(await bytesUsed(db, companyId)).toBe(0);
  });
});
