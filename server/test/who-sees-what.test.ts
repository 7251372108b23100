/**
 * Who sees which forms, area by area (the table in ARCHITECTURE.md), and every route to a
 * file: an administrator sees the company's forms; a basic user and a personal administrator
 * the forms they sent or take part in by their account, and nothing of the others: not
 * their sealed PDFs, their copies in Documents, their supporting documents, their answers in
 * the Database and its export, their audit trail, nor the cases they are filed on.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, formRecipients, forms, storedFiles, tenants, users } from '../src/db/schema.js';
import { eq, inArray } from 'drizzle-orm';
import { roleOfFlags } from '@formsign/sdk/contract';
import type { Principal } from '../src/auth/principal.js';
import { listCompleted, listWorkflow } from '../src/modules/forms/repository.js';
import { createOrganisation, insertDocuments, insertForm, insertTemplate, organisationPassword } from './support/form-rows.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

const ids: Record<string, number> = {};
const token: Record<'admin' | 'basic' | 'other' | 'personal', string> = { admin: '', basic: '', other: '', personal: '' };
const sealed = (name: string) => Buffer.from(`%PDF-1.7 the sealed ${name}`);

beforeAll(async () => {
  const db = server.ctx.db;
  const { companyId, adminId } = await createOrganisation(db, server.ctx.passwords, 'Lantern Lane Ltd', 'lantern');
  const hash = await server.ctx.passwords.hash(organisationPassword);
  const now = new Date();
  const [basic] = await db.select({ id: users.id }).from(users).where(eq(users.name, 'lantern.basic'));
  const [other, personal] = await db
    .insert(users)
    .values([
      {
        companyId,
        name: 'lantern.other',
        email: 'other@lantern.example',
        passwordHash: hash,
        passwordChangedAt: now,
        firstName: 'Olu',
        lastName: 'Other',
        role: 'basic',
        activatedAt: now,
      },
      {
        companyId,
        name: 'lantern.personal',
        email: 'personal@lantern.example',
        passwordHash: hash,
        passwordChangedAt: now,
        firstName: 'Pia',
        lastName: 'Personal',
        role: 'admin',
        personal: true,
        class: 'Administrator',
        activatedAt: now,
      },
    ])
    .returning({ id: users.id });
  Object.assign(ids, { companyId, admin: adminId, basic: basic?.id ?? 0, other: other?.id ?? 0, personal: personal?.id ?? 0 });

  const templateId = await insertTemplate(db, companyId, 'Tenancy Check');
  /** A form sent by `sender`, each of `takers` a recipient by account, sealed when complete. */
  const form = async (
    key: string,
    sender: 'admin' | 'basic' | 'personal',
    takers: ('basic' | 'other' | 'personal')[],
    status: 'completed' | 'in_progress',
  ): Promise<void> => {
    const completedAt = status === 'completed' ? new Date(Date.UTC(2026, 1, 1 + Object.keys(ids).length)) : null;
    const sealedKey = status === 'completed' ? `forms/lantern/${key}-sealed.pdf` : null;
    if (sealedKey) await server.ctx.files.put(sealedKey, sealed(key), 'application/pdf');
    const id = await insertForm(db, {
      companyId,
      templateId,
      reference: `LL-${key}`,
      title: `Tenancy Check ${key}`,
      status,
      sentAt: completedAt ?? now,
      completedAt,
      sealedKey,
      values: { employee: `Answer of ${key}` },
    });
    await db
      .update(forms)
      .set({ senderId: ids[sender] ?? null })
      .where(eq(forms.id, id));
    for (const [i, taker] of takers.entries()) {
      await db.insert(formRecipients).values({
        formId: id,
        companyId,
        order: i + 1,
        action: 'sign',
        name: taker,
        email: `${taker}@lantern.example`,
        userId: ids[taker] ?? null,
        status: status === 'completed' ? 'signed' : 'open',
        pageId: `lantern-${key}-${i}`,
        tokenHash: 'unused',
      });
    }
    ids[key] = id;
  };
  await form('toBasic', 'admin', ['basic'], 'completed');
  await form('byBasic', 'basic', ['other'], 'completed');
  await form('toOther', 'admin', ['other'], 'completed');
  await form('openForOther', 'admin', ['other'], 'in_progress');
  await form('byPersonal', 'personal', ['other'], 'completed');

  const [d1, d2] = await insertDocuments(db, [
    {
      companyId,
      formId: ids['toBasic'] ?? 0,
      name: 'Inventory of flat 2.pdf',
      mime: 'application/pdf',
      size: 10,
      fileKey: 'forms/lantern/inventory.pdf',
      uploadedBy: 'basic',
      uploadedAt: new Date('2026-02-01T10:00:00Z'),
    },
    {
      companyId,
      formId: ids['toOther'] ?? 0,
      name: 'Payslips of Olu.pdf',
      mime: 'application/pdf',
      size: 10,
      fileKey: 'forms/lantern/payslips.pdf',
      uploadedBy: 'other',
      uploadedAt: new Date('2026-02-02T10:00:00Z'),
    },
  ]);
  Object.assign(ids, { d1, d2 });

  const [copyToBasic, copyToOther, loose] = await db
    .insert(storedFiles)
    .values([
      {
        companyId,
        folder: 'Lettings',
        name: 'Tenancy Check toBasic.pdf',
        mime: 'application/pdf',
        size: 10,
        fileKey: 'forms/lantern/toBasic-sealed.pdf',
        formId: ids['toBasic'] ?? null,
        createdBy: 'Ada Admin',
      },
      {
        companyId,
        folder: 'HR/Confidential',
        name: 'Tenancy Check toOther.pdf',
        mime: 'application/pdf',
        size: 10,
        fileKey: 'forms/lantern/toOther-sealed.pdf',
        formId: ids['toOther'] ?? null,
        createdBy: 'Ada Admin',
      },
      {
        companyId,
        folder: 'Board',
        name: 'Minutes.pdf',
        mime: 'application/pdf',
        size: 10,
        fileKey: 'storage/lantern/minutes.pdf',
        createdBy: 'Ada Admin',
      },
    ])
    .returning({ id: storedFiles.id });
  Object.assign(ids, { copyToBasic: copyToBasic?.id ?? 0, copyToOther: copyToOther?.id ?? 0, loose: loose?.id ?? 0 });

  const [held, notHeld] = await db
    .insert(tenants)
    .values([
      { companyId, name: 'Tess Tenant', caseworkerId: ids['basic'] ?? null, openedAt: '2026-01-05', notes: 'Rent arrears agreed with Bo.' },
      {
        companyId,
        name: 'Uma Unrelated',
        caseworkerId: ids['other'] ?? null,
        openedAt: '2026-01-06',
        notes: 'Confidential: a safeguarding referral.',
      },
    ])
    .returning({ id: tenants.id });
  Object.assign(ids, { held: held?.id ?? 0, notHeld: notHeld?.id ?? 0 });
  await db
    .update(forms)
    .set({ tenantId: ids['held'] ?? null })
    .where(eq(forms.id, ids['toBasic'] ?? 0));
  await db
    .update(forms)
    .set({ tenantId: ids['held'] ?? null })
    .where(eq(forms.id, ids['toOther'] ?? 0));

  for (const key of ['toBasic', 'byBasic', 'toOther', 'byPersonal']) {
    await db.insert(auditEvents).values({
      companyId,
      event: 'completed',
      actor: 'system',
      source: 'user',
      target: `LL-${key}`,
      formId: ids[key] ?? null,
      at: new Date('2026-02-10T10:00:00Z'),
    });
  }

  for (const who of ['admin', 'basic', 'other', 'personal'] as const)
    token[who] = (await server.signIn(`lantern.${who}`, organisationPassword)).token;
});

const get = (path: string, who: keyof typeof token, query = '') => server.call(path, { method: 'GET', token: token[who], query });
const references = (rows: Json[]): string[] => rows.map((row) => row.reference).sort();
const storage = (who: keyof typeof token, data: Record<string, string | number> = {}, stored?: string) => {
  const query = new URLSearchParams(Object.entries(data).map(([name, value]): [string, string] => [`data[${name}]`, String(value)]));
  if (stored !== undefined) query.set('stored', stored);
  return get('/manage-storage', who, query.toString());
};

describe('every route to a file checks that the caller may see the form', () => {
  it('does not let a basic user save the sealed PDF of a form they do not take part in into Documents (404, nothing kept)', async () => {
    const before = await server.ctx.db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(eq(storedFiles.companyId, ids['companyId'] ?? 0));
    const refused = await storage('basic', { action: 'save', form: ids['toOther'] ?? 0 }, 'Mine');
    expect(refused).toMatchObject({ status: 404, body: { message: 'This item does not exist or was deleted.' } });
    const after = await server.ctx.db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(eq(storedFiles.companyId, ids['companyId'] ?? 0));
    expect(after).toHaveLength(before.length);
    // Nor a personal administrator a form of the company they are not part of.
    expect((await storage('personal', { action: 'save', form: ids['toBasic'] ?? 0 }, 'Mine')).status).toBe(404);
  });

  it('lets a basic user save and open the sealed PDF of a form they sent or signed', async () => {
    const saved = await storage('basic', { action: 'save', form: ids['toBasic'] ?? 0 }, 'Mine');
    expect(saved.status).toBe(200);
    expect(saved.body.files.map((file: Json) => file.name)).toEqual(['Tenancy Check toBasic LL-toBasic.pdf']);
    const download = await server.call('/file', {
      method: 'GET',
      query: new URL(saved.body.files[0].url, 'http://formsign.test').searchParams.toString(),
    });
    expect(download.text).toBe(sealed('toBasic').toString());
    expect((await storage('basic', { action: 'save', form: ids['byBasic'] ?? 0 }, 'Mine')).status).toBe(200);
  });

  it('hands out signed addresses only for the forms the caller may see: completed forms, supporting documents, Documents', async () => {
    const completed = await get('/completed-forms', 'basic');
    expect(references(completed.body.data)).toEqual(['LL-byBasic', 'LL-toBasic']);
    const supporting = await get('/get-alldocuments', 'basic');
    expect(supporting.body.data.map((row: Json) => row.name)).toEqual(['Inventory of flat 2.pdf']);
    expect(supporting.body.total).toBe(1);
    expect((await get('/form-progress', 'basic', `id=${ids['toOther']}`)).status).toBe(404);
  });
});

describe('what a basic user sees, area by area', () => {
  it('Completed Forms and Workflow: the forms they sent or take part in', async () => {
    expect(references((await get('/workflow', 'basic')).body.data)).toEqual([]);
    expect(references((await get('/workflow', 'other')).body.data)).toEqual(['LL-openForOther']);
  });

  it('Completed Forms and Workflow: the same forms whether they are gathered first or read one by one in the order of the list', async () => {
    const db = server.ctx.db;
    const people = await db
      .select()
      .from(users)
      .where(inArray(users.name, ['lantern.basic', 'lantern.other', 'lantern.personal']));
    expect(people).toHaveLength(3);
    const paging = { limit: 2, countCap: 2 };
    const seen = ({ total, total_exact, rows }: { total: number; total_exact: boolean; rows: { form: { id: number } }[] }) => ({
      total,
      total_exact,
      ids: rows.map((row) => row.form.id),
    });
    const found = new Set<number>();
    for (const person of people) {
      const viewer: Principal = {
        userId: person.id,
        companyId: person.companyId,
        companyName: 'Lantern Lane Ltd',
        sessionId: 'lantern',
        apiKey: null,
        deviceId: null,
        name: person.name,
        displayName: person.name,
        email: person.email,
        admin: person.role === 'admin',
        personal: person.personal,
        isSuper: person.isSuper,
        role: roleOfFlags({ admin: person.role === 'admin', personal: person.personal, isSuper: person.isSuper }),
      };
      for (const page of [1, 2]) {
        for (const filters of [{}, { search: 'Tenancy' }, { sort: 'reference', order: 'asc' as const }]) {
          // Gathered first (they take part in fewer forms than `manyOwnForms`), then one by one (from a single form of theirs on).
          const completed = await listCompleted(db, viewer, { ...paging, page }, filters);
          expect(seen(await listCompleted(db, viewer, { ...paging, page }, filters, 1)), person.name).toEqual(seen(completed));
          const workflow = await listWorkflow(db, viewer, { ...paging, page }, filters);
          expect(seen(await listWorkflow(db, viewer, { ...paging, page }, filters, 1)), person.name).toEqual(seen(workflow));
          for (const row of [...completed.rows, ...workflow.rows]) found.add(row.form.id);
        }
      }
    }
    expect(found.size).toBe(5);
  });

  it('Database: the submissions of the forms they may see, in the list, the summary and the count', async () => {
    const page = await get('/database-forms', 'basic', 'rows=employee');
    expect(page.status).toBe(200);
    expect(references(page.body.data)).toEqual(['LL-byBasic', 'LL-toBasic']);
    expect(page.body.total).toBe(2);
    expect((await get('/database-forms', 'basic', 'rows=employee&func=count')).body.summary).toEqual({ field: 'employee', value: 2 });
    expect((await get('/database-forms', 'admin', 'rows=employee')).body.total).toBe(4);
  });

  it('Exports: the same submissions, and no other', async () => {
    const csv = await get('/get-exports', 'basic');
    expect(csv.status).toBe(200);
    const records = csv.text.split('\r\n').slice(1, -1);
    expect(records.map((record) => record.split(',')[0]).sort()).toEqual(['LL-byBasic', 'LL-toBasic']);
    expect(csv.text).not.toContain('Answer of toOther');
  });

  it('Documents: the files of the forms they may see and the files they saved; no other file, folder name or deletion', async () => {
    const root = await storage('basic');
    expect(root.status).toBe(200);
    expect(root.body.save.folders).toEqual(['Lettings', 'Mine']);
    expect((await storage('basic', {}, 'Lettings')).body.files.map((file: Json) => file.name)).toEqual(['Tenancy Check toBasic.pdf']);
    expect((await storage('basic', {}, 'HR/Confidential')).body).toMatchObject({ total: 0, files: [] });
    expect((await storage('basic', {}, 'Board')).body).toMatchObject({ total: 0, files: [] });
    // A file they cannot see is not found; one they see but did not save is not theirs to delete.
    expect((await storage('basic', { action: 'delete', id: ids['copyToOther'] ?? 0 })).status).toBe(404);
    expect(await storage('basic', { action: 'delete', id: ids['copyToBasic'] ?? 0 })).toMatchObject({
      status: 403,
      body: { message: 'Only an administrator or the person who saved this file can delete it.' },
    });
    const mine = (await storage('basic', {}, 'Mine')).body.files.find((file: Json) => file.name === 'Tenancy Check byBasic LL-byBasic.pdf');
    expect((await storage('basic', { action: 'delete', id: mine.id }, 'Mine')).status).toBe(200);
    // The administrator sees every folder of the company.
    expect((await storage('admin')).body.save.folders).toEqual(['Board', 'HR', 'Lettings', 'Mine']);
  });

  it('Case Management: the tenants whose case they hold, and on it only the forms they may see', async () => {
    const list = await server.call('/get-tenants', { token: token.basic });
    expect(list.status).toBe(200);
    expect(list.body.data.map((tenant: Json) => tenant.name)).toEqual(['Tess Tenant']);
    const held = await server.call('/get-tenant', { token: token.basic, body: { id: ids['held'] } });
    expect(held.body).toMatchObject({ name: 'Tess Tenant', notes: 'Rent arrears agreed with Bo.' });
    expect(held.body.forms.map((row: Json) => row.reference)).toEqual(['LL-toBasic']);
    expect((await server.call('/get-tenant', { token: token.basic, body: { id: ids['notHeld'] } })).status).toBe(404);
    const admin = await server.call('/get-tenants', { token: token.admin });
    expect(admin.body.data.map((tenant: Json) => tenant.name)).toEqual(['Tess Tenant', 'Uma Unrelated']);
    expect(
      (await server.call('/get-tenant', { token: token.admin, body: { id: ids['held'] } })).body.forms.map((row: Json) => row.reference).sort(),
    ).toEqual(['LL-toBasic', 'LL-toOther']);
  });
});

describe('what a personal administrator sees: their own paperwork', () => {
  it('Completed Forms and Documents: only the forms they sent or take part in', async () => {
    expect(references((await get('/completed-forms', 'personal')).body.data)).toEqual(['LL-byPersonal']);
    expect((await get('/get-alldocuments', 'personal')).body.total).toBe(0);
    expect((await storage('personal')).body.save.folders).toEqual([]);
  });

  it('Form Audit: the trail of their own forms only', async () => {
    const audit = await get('/fetch-formaudit', 'personal');
    expect(audit.status).toBe(200);
    expect(audit.body.forms.map((row: Json) => row.reference)).toEqual(['LL-byPersonal']);
    expect((await get('/fetch-formaudit', 'admin')).body.forms.map((row: Json) => row.reference).sort()).toEqual([
      'LL-byBasic',
      'LL-byPersonal',
      'LL-toBasic',
      'LL-toOther',
    ]);
  });

  it('Connected Devices: only their own', async () => {
    const devices = await get('/users-devices', 'personal');
    expect(new Set(devices.body.data.map((device: Json) => device.user))).toEqual(new Set(['Pia Personal']));
  });
});
