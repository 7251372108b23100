/**
 * Lists count their matching rows up to a cap (`listCountCap`, lowered here so that a few
 * dozen rows pass it): past it every list says its total is a lower bound, and its pages
 * beyond the cap are still answered, each row once, by paging on or by a page's number; the
 * last page, not full, makes the total exact again. Under the cap the total is exact.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { storedFiles, users } from '../src/db/schema.js';
import { createOrganisation, insertAuditRows, insertDocuments, insertForm, insertTemplate, organisationPassword } from './support/form-rows.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();
const cap = 10;
/** Rows of each list: more than the cap, and not a multiple of the page sizes below. */
const rows = 25;
let token = '';

beforeAll(async () => {
  server.config.listCountCap = cap;
  const db = server.ctx.db;
  const { companyId, adminId } = await createOrganisation(db, server.ctx.passwords, 'Capped Count Ltd', 'capped');
  const templateId = await insertTemplate(db, companyId, 'Leave Request');
  for (let i = 1; i < rows; i += 1) await insertTemplate(db, companyId, `Template ${i}`);
  const at = (i: number) => new Date(Date.UTC(2026, 2, 1, i));
  const formIds: number[] = [];
  for (let i = 0; i < rows * 2; i += 1) {
    const done = i >= rows;
    formIds.push(
      await insertForm(db, {
        companyId,
        templateId,
        reference: `CC-${String(i).padStart(3, '0')}`,
        title: `Leave ${i}`,
        status: done ? 'completed' : 'in_progress',
        sentAt: at(i),
        completedAt: done ? at(i) : null,
      }),
    );
  }
  const completedIds = formIds.slice(rows);
  await insertAuditRows(
    db,
    completedIds.map((formId, i) => ({ companyId, event: 'completed' as const, actor: 'Ada Admin', userId: adminId, formId, at: at(i) })),
  );
  await insertDocuments(
    db,
    completedIds.map((formId, i) => ({
      companyId,
      formId,
      name: `Receipt ${i}.pdf`,
      mime: 'application/pdf',
      size: 100,
      fileKey: `capped/receipt-${i}`,
      uploadedBy: 'Ada Admin',
      uploadedAt: at(i),
    })),
  );
  await db.insert(storedFiles).values(
    completedIds.map((formId, i) => ({
      companyId,
      name: `Leave ${i}.pdf`,
      mime: 'application/pdf',
      size: 100,
      fileKey: `capped/stored-${i}`,
      formId,
      createdAt: at(i),
    })),
  );
  await db.insert(users).values(
    Array.from({ length: rows - 2 }, (_, i) => ({
      companyId,
      name: `capped.staff${i}`,
      email: `staff${i}@capped.example`,
      passwordHash: '',
      firstName: 'Staff',
      lastName: String(i),
      role: 'basic' as const,
      class: 'Staff',
    })),
  );
  token = (await server.signIn('capped.admin', organisationPassword)).token;
});

interface Page {
  total: number;
  total_exact: boolean;
  ids: number[];
}

type Lister = (page: number, limit: number) => Promise<Page>;

const get =
  (path: string, pick: (body: Json) => { total: number; total_exact: boolean; data: Json[] } = (body) => body): Lister =>
  async (page, limit) => {
    const answer = await server.call(path, { method: 'GET', token, query: `page=${page}&limit=${limit}` });
    expect(answer.status).toBe(200);
    const { total, total_exact, data } = pick(answer.body);
    return { total, total_exact, ids: data.map((row) => row.id as number) };
  };

const post =
  (path: string, body: Record<string, unknown>): Lister =>
  async (page, limit) => {
    const answer = await server.call(path, { method: 'POST', token, body: { ...body, page, limit } });
    expect(answer.status).toBe(200);
    return { total: answer.body.total, total_exact: answer.body.total_exact, ids: answer.body.data.map((row: Json) => row.id as number) };
  };

/**
 * Every paged list of the server and the rows it holds in the organisation: `rows` of each
 * (users: its two people and the others), and the actions besides the sign-in's.
 */
const lists: [string, Lister, number][] = [
  ['workflow', get('/workflow'), rows],
  ['completed-forms', get('/completed-forms'), rows],
  ['fetch-logs', get('/fetch-logs'), rows + 1],
  ['fetch-formaudit', get('/fetch-formaudit', (body) => ({ ...body.query, data: body.forms })), rows],
  ['get-alldocuments', get('/get-alldocuments'), rows],
  ['database-forms', get('/database-forms'), rows],
  ['manage-storage', get('/manage-storage', (body) => ({ ...body, data: body.files })), rows],
  ['users', post('/users', {}), rows],
  ['manage templates', post('/getforms', { functions: 'list' }), rows],
];

describe.each(lists)('%s past the cap', (_, list, held) => {
  it('says the total is at least the cap, not exact, on a first page', async () => {
    const first = await list(1, 4);
    expect(first).toMatchObject({ total: cap, total_exact: false });
    expect(first.ids).toHaveLength(4);
  });

  it('pages on past the cap while pages come back full, each row once, the last page making the total exact', async () => {
    const seen: number[] = [];
    let page = 1;
    let answer = await list(page, 4);
    while (answer.ids.length === 4) {
      seen.push(...answer.ids);
      // A full page beyond the cap: at least the rows so far.
      expect(answer).toMatchObject({ total: Math.max(cap, page * 4), total_exact: false });
      page += 1;
      answer = await list(page, 4);
    }
    seen.push(...answer.ids);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(held);
    expect(answer).toMatchObject({ total: held, total_exact: true });
  });

  it('answers a page beyond the cap asked for by its number', async () => {
    const deep = await list(4, 5);
    expect(deep.ids).toHaveLength(5);
    expect(deep).toMatchObject({ total: 20, total_exact: false });
    const beyond = await list(99, 5);
    expect(beyond).toMatchObject({ ids: [], total: cap, total_exact: false });
  });
});

describe('a list under the cap', () => {
  it('counts exactly', async () => {
    server.config.listCountCap = 1_000;
    try {
      for (const [, list, held] of lists) expect(await list(1, 4)).toMatchObject({ total: held, total_exact: true });
    } finally {
      server.config.listCountCap = cap;
    }
  });
});
