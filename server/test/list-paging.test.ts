/**
 * Paging and searching the form lists: every page of a sort, deep or last, holds the next
 * forms in that order (each form once), an ascending and a descending sort are each other's
 * reverse, the total counts every matching form, and searched words are matched anywhere in the
 * reference, title or sender, case aside, with `%` and `_` taken literally and words of one or
 * two letters found as well as longer ones.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formRecipients, forms, users } from '../src/db/schema.js';
import { createOrganisation, insertForm, insertTemplate, organisationPassword } from './support/form-rows.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();
const tokens = { admin: '', basic: '' };
const inProgress = 46;
const completed = 23;

beforeAll(async () => {
  const db = server.ctx.db;
  const { companyId } = await createOrganisation(db, server.ctx.passwords, 'Page Row Ltd', 'paging');
  const [basic] = await db.select({ id: users.id }).from(users).where(eq(users.name, 'paging.basic'));
  const templateId = await insertTemplate(db, companyId, 'Leave Request');
  const titles = (i: number) => (i === 7 ? '100% done_ok' : i === 8 ? '100 percent done' : `Leave ${i}`);
  // Several forms share an update time, so that the tie-break on the id decides their order.
  const at = (i: number) => new Date(Date.UTC(2026, 2, 1 + Math.floor(i / 3)));
  for (let i = 0; i < inProgress + completed; i += 1) {
    const done = i >= inProgress;
    const formId = await insertForm(db, {
      companyId,
      templateId,
      reference: `PG-${String(i).padStart(3, '0')}`,
      title: titles(i),
      status: done ? 'completed' : i % 2 === 0 ? 'in_progress' : 'sent',
      senderName: i === 9 ? 'Xu Li' : 'Olivia Bennett',
      sentAt: at(i),
      completedAt: done ? at(i) : null,
    });
    if (i % 3 === 0) {
      await db.insert(formRecipients).values({
        formId,
        companyId,
        order: 1,
        action: 'sign',
        name: 'Bo Basic',
        email: 'basic@paging.example',
        userId: basic?.id ?? null,
        status: done ? 'signed' : 'open',
        pageId: `paging-page-${i}`,
        tokenHash: `paging-token-${i}`,
      });
    }
  }
  // The basic user sent two of the forms: one they also take part in, one they do not; and
  // they have two places in a third. Each is one of their forms, counted once.
  const byReference = async (reference: string) =>
    (
      await db
        .select({ id: forms.id })
        .from(forms)
        .where(and(eq(forms.companyId, companyId), eq(forms.reference, reference)))
    )[0]?.id ?? 0;
  await db
    .update(forms)
    .set({ senderId: basic?.id ?? null })
    .where(inArray(forms.id, [await byReference('PG-000'), await byReference('PG-001')]));
  await db.insert(formRecipients).values({
    formId: await byReference('PG-003'),
    companyId,
    order: 2,
    action: 'approve',
    name: 'Bo Basic',
    email: 'basic@paging.example',
    userId: basic?.id ?? null,
    status: 'open',
    pageId: 'paging-page-3-again',
    tokenHash: 'paging-token-3-again',
  });
  tokens.admin = (await server.signIn('paging.admin', organisationPassword)).token;
  tokens.basic = (await server.signIn('paging.basic', organisationPassword)).token;
});

async function list(path: string, query: string, token = tokens.admin): Promise<{ total: number; data: Json[] }> {
  const answer = await server.call(path, { method: 'GET', token, query });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function everyPage(path: string, query: string, limit: number, token = tokens.admin): Promise<{ totals: number[]; ids: number[] }> {
  const first = await list(path, `${query}&limit=${limit}&page=1`, token);
  const pages = Math.ceil(first.total / limit);
  const totals = [first.total];
  const ids = first.data.map((row) => row.id as number);
  for (let page = 2; page <= pages + 1; page += 1) {
    const next = await list(path, `${query}&limit=${limit}&page=${page}`, token);
    totals.push(next.total);
    ids.push(...next.data.map((row) => row.id as number));
    // The page after the last is empty, and counts the same.
    if (page === pages + 1) expect(next.data).toEqual([]);
  }
  return { totals, ids };
}

describe('paging the form lists', () => {
  it('gives each in-progress form once over the pages of every sort, the last page holding the rest', async () => {
    for (const sort of ['updated_at', 'reference', 'title', 'status', 'sent_at', 'template']) {
      const down = await everyPage('/workflow', `filters[sort]=${sort}&filters[order]=desc`, 10);
      const up = await everyPage('/workflow', `filters[sort]=${sort}&filters[order]=asc`, 10);
      expect(new Set(down.totals), sort).toEqual(new Set([inProgress]));
      expect(down.ids, sort).toHaveLength(inProgress);
      expect(new Set(down.ids).size, sort).toBe(inProgress);
      expect(up.ids, `${sort} ascending is descending reversed`).toEqual([...down.ids].reverse());
    }
  });

  it('gives each completed form once over the pages of every sort', async () => {
    for (const sort of ['completed_at', 'reference', 'title', 'submitted_by', 'template']) {
      const down = await everyPage('/completed-forms', `filters[sort]=${sort}&filters[order]=desc`, 7);
      const up = await everyPage('/completed-forms', `filters[sort]=${sort}&filters[order]=asc`, 7);
      expect(down.ids, sort).toHaveLength(completed);
      expect(new Set(down.ids).size, sort).toBe(completed);
      expect(up.ids, sort).toEqual([...down.ids].reverse());
    }
  });

  it('pages a basic user through their own forms only, each counted once', async () => {
    // Their places (one form with two), and the form they sent without taking part.
    const own = Math.ceil(inProgress / 3) + 1;
    const pages = await everyPage('/workflow', 'filters[sort]=reference&filters[order]=asc', 4, tokens.basic);
    expect(new Set(pages.totals)).toEqual(new Set([own]));
    expect(pages.ids).toHaveLength(own);
    expect(new Set(pages.ids).size).toBe(own);
  });
});

describe('searching the form lists', () => {
  const titles = async (path: string, words: string) =>
    (await list(path, `limit=100&filters[search]=${encodeURIComponent(words)}`)).data.map((row) => row.title as string).sort();

  it('takes % and _ literally', async () => {
    expect(await titles('/workflow', '%')).toEqual(['100% done_ok']);
    expect(await titles('/workflow', '_')).toEqual(['100% done_ok']);
    expect(await titles('/workflow', '0% d')).toEqual(['100% done_ok']);
  });

  it('finds words of one or two letters, whatever their case, in the reference, title or sender', async () => {
    expect(await titles('/workflow', 'xu')).toEqual(['Leave 9']);
    expect(await titles('/workflow', 'PG-00')).toEqual(
      ['Leave 0', 'Leave 1', 'Leave 2', 'Leave 3', 'Leave 4', 'Leave 5', 'Leave 6', '100% done_ok', '100 percent done', 'Leave 9'].sort(),
    );
    expect((await list('/workflow', 'limit=100&filters[search]=e')).total).toBe(inProgress);
    expect(await titles('/completed-forms', 'leave 6')).toEqual([
      'Leave 60',
      'Leave 61',
      'Leave 62',
      'Leave 63',
      'Leave 64',
      'Leave 65',
      'Leave 66',
      'Leave 67',
      'Leave 68',
    ]);
  });
});
