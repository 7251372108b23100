/**
 * The analysis answered from what the server kept: the version of a template's submissions
 * moves on with every change of a form that alters them (completed, answers changed, moved to
 * another template, deleted, restored, removed, many at once) and with no other change, and
 * after each change the analysis answers what the submissions themselves give. The cache it
 * keeps stays within its bounds however many questions it is asked.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Pivot } from '@formsign/sdk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../src/db/schema.js';
import { PivotCache } from '../src/modules/analytics/pivot-cache.js';
import { pivotTable } from '../src/modules/analytics/pivot.js';
import { analysedTemplates, pivotCells, submissionsVersion } from '../src/modules/analytics/repository.js';
import { createOrganisation, insertForm, insertTemplate, organisationPassword, timesheetFields, timesheetValues } from './support/form-rows.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();

let companyId = 0;
let sheets = 0;
let other = 0;
let admin = '';
let made = 0;

const questions = [
  { row: 'site', column: 'approved', value: 'count' },
  { row: 'employee', column: 'site', value: 'hours' },
  { row: 'week_ending', column: 'employee', value: 'count' },
] as const;

async function add(template: number, status: (typeof forms.$inferInsert)['status'], i: number): Promise<number> {
  made += 1;
  const completed = status === 'completed';
  return insertForm(server.ctx.db, {
    companyId,
    templateId: template,
    reference: `SV-${made}`,
    title: 'Versioned',
    status,
    values: timesheetValues(i),
    sentAt: server.clock.now(),
    completedAt: completed ? server.clock.now() : null,
  });
}

const version = (template: number): Promise<number> => submissionsVersion(server.ctx.db, companyId, template);

/** Each question's answer through the server (its cache) equals the table of the cells the submissions give now. */
async function expectExact(template: number): Promise<void> {
  const [record] = await analysedTemplates(server.ctx.db, companyId, template, 1);
  if (!record) throw new Error('No template.');
  for (const question of questions) {
    const field = (name: string) => record.fields.find((candidate) => candidate.name === name) ?? timesheetFields[0]!;
    const summed = question.value === 'count' ? null : question.value;
    const cells = await pivotCells(server.ctx.db, companyId, template, question.row, question.column, summed, 50);
    const expected = pivotTable(record, field(question.row), field(question.column), summed ? field(summed) : null, cells);
    const query = `template=${template}&row=${question.row}&column=${question.column}&value=${question.value}`;
    // Twice: the second is answered from what the first kept.
    for (let i = 0; i < 2; i += 1) {
      const answer = await server.call('/pivot-details', { method: 'GET', token: admin, query });
      expect(answer.status).toBe(200);
      expect(answer.body, query).toEqual(expected);
    }
  }
}

/** Runs `change`, then says whether each template's version moved, and checks the analysis of both. */
async function moved(change: () => Promise<unknown>): Promise<[boolean, boolean]> {
  const before = [await version(sheets), await version(other)];
  await change();
  const after = [await version(sheets), await version(other)];
  await expectExact(sheets);
  await expectExact(other);
  return [after[0]! > before[0]!, after[1]! > before[1]!];
}

beforeAll(async () => {
  ({ companyId } = await createOrganisation(server.ctx.db, server.ctx.passwords, 'Versioned Care Ltd', 'versioned'));
  sheets = await insertTemplate(server.ctx.db, companyId, 'Timesheet Approval');
  other = await insertTemplate(server.ctx.db, companyId, 'Overtime Claim');
  admin = (await server.signIn('versioned.admin', organisationPassword)).token;
});

describe('the version of a template’s submissions', () => {
  it('moves on with every change that alters them, and with no other', async () => {
    const db = server.ctx.db;
    expect(await version(sheets)).toBe(0);
    await expectExact(sheets);
    // A draft, a form sent, their answers saved: no submission changes.
    const draft = await add(sheets, 'draft', 1);
    const sent = await add(sheets, 'sent', 2);
    expect(
      await moved(() =>
        db
          .update(forms)
          .set({ values: timesheetValues(7) })
          .where(inArray(forms.id, [draft, sent])),
      ),
    ).toEqual([false, false]);
    // A form completed, then inserted completed.
    expect(await moved(() => db.update(forms).set({ status: 'completed', completedAt: server.clock.now() }).where(eq(forms.id, sent)))).toEqual([
      true,
      false,
    ]);
    const done = await add(sheets, 'completed', 3);
    expect(await version(sheets)).toBe(2);
    await expectExact(sheets);
    // A completed form's answers changed; saved again as they were; another field of it changed.
    const answers = { ...timesheetValues(3), site: 'Elm Court', hours: 41.5 };
    expect(await moved(() => db.update(forms).set({ values: answers }).where(eq(forms.id, done)))).toEqual([true, false]);
    expect(await moved(() => db.update(forms).set({ values: answers }).where(eq(forms.id, done)))).toEqual([false, false]);
    expect(await moved(() => db.update(forms).set({ sealedKey: 'forms/sealed.pdf', title: 'Renamed' }).where(eq(forms.id, done)))).toEqual([
      false,
      false,
    ]);
    // Moved to another template: both move on. Another template's form: only that one.
    expect(await moved(() => db.update(forms).set({ templateId: other }).where(eq(forms.id, done)))).toEqual([true, true]);
    expect(await moved(() => add(other, 'completed', 4))).toEqual([false, true]);
    expect(await moved(() => add(other, 'in_progress', 5))).toEqual([false, false]);
    // Deleted, restored, removed.
    expect(await moved(() => db.update(forms).set({ deletedAt: server.clock.now() }).where(eq(forms.id, sent)))).toEqual([true, false]);
    expect(await moved(() => db.update(forms).set({ deletedAt: null }).where(eq(forms.id, sent)))).toEqual([true, false]);
    expect(await moved(() => db.delete(forms).where(eq(forms.id, sent)))).toEqual([true, false]);
    // A deleted form removed, and a draft removed: no submission was there.
    const gone = await add(sheets, 'completed', 6);
    await db.update(forms).set({ deletedAt: server.clock.now() }).where(eq(forms.id, gone));
    expect(await moved(() => db.delete(forms).where(inArray(forms.id, [gone, draft])))).toEqual([false, false]);
    // Withdrawn after completion (no longer one), and completed without a time (not one yet).
    const last = await add(other, 'completed', 8);
    expect(await moved(() => db.update(forms).set({ status: 'cancelled' }).where(eq(forms.id, last)))).toEqual([false, true]);
    expect(await moved(() => db.update(forms).set({ status: 'completed', completedAt: null }).where(eq(forms.id, last)))).toEqual([false, false]);
  });

  it('moves on once per statement of many forms, and the analysis follows', async () => {
    const db = server.ctx.db;
    const many = await Promise.all(Array.from({ length: 40 }, (_, i) => add(i % 2 ? sheets : other, 'in_progress', i)));
    const before = [await version(sheets), await version(other)];
    expect(
      await moved(() =>
        db
          .update(forms)
          .set({ status: 'completed', completedAt: server.clock.now() })
          .where(inArray(forms.id, many.slice(0, 30))),
      ),
    ).toEqual([true, true]);
    expect([await version(sheets), await version(other)]).toEqual([before[0]! + 1, before[1]! + 1]);
    // Answers changed in the database for some of them (a number written as text, a tick taken back).
    expect(
      await moved(() =>
        db
          .update(forms)
          .set({ values: sql`${forms.values} || '{"hours": " 12.5 ", "approved": false}'::jsonb` })
          .where(inArray(forms.id, many.slice(0, 9))),
      ),
    ).toEqual([true, true]);
    expect(await moved(() => db.update(forms).set({ deletedAt: server.clock.now() }).where(eq(forms.companyId, companyId)))).toEqual([true, true]);
    expect(await moved(() => db.update(forms).set({ deletedAt: null }).where(eq(forms.companyId, companyId)))).toEqual([true, true]);
  });

  it('shows a change of the template itself at once (its title, a field’s options)', async () => {
    const db = server.ctx.db;
    const query = `template=${sheets}&row=site&column=approved`;
    const first = await server.call('/pivot-details', { method: 'GET', token: admin, query });
    const fields = timesheetFields.map((field) =>
      field.name === 'site' ? { ...field, options: ['Riverside Lodge', 'Elm Court', 'Harbour House'] } : field,
    );
    await db.execute(sql`update templates set title = 'Weekly Timesheet', fields = ${JSON.stringify(fields)}::jsonb where id = ${sheets}`);
    const second = await server.call('/pivot-details', { method: 'GET', token: admin, query });
    expect(second.body.template.title).toBe('Weekly Timesheet');
    expect(second.body.rows).toEqual([...first.body.rows].reverse());
    await expectExact(sheets);
  });
});

describe('the cache of the analysis', () => {
  /** A table of `n` rows named after `label`. */
  const cells = (label: string, n = 1): Pivot => ({
    template: { id: 1, title: 'Timesheet Approval' },
    row: 'employee',
    column: 'approved',
    value: 'count',
    rows: Array.from({ length: n }, (_, i) => `${label} ${i}`),
    columns: ['Yes'],
    cells: Array.from({ length: n }, () => [1]),
  });
  const key = (version: number, row: string, templateId = 1) => ({ companyId: 1, templateId, version, row, column: 'c', summed: null, layout: '[]' });

  it('keeps no more than its entries and bytes, the least recently used going first', async () => {
    const cache = new PivotCache({ entries: 5, bytes: 64 * 1024 });
    let loads = 0;
    const load =
      (label: string, n = 1) =>
      async () => {
        loads += 1;
        return cells(label, n);
      };
    // Every pair of fields one person can ask for: never more than five kept.
    for (let i = 0; i < 200; i += 1) {
      await cache.table(key(1, `field ${i}`, 1 + (i % 3)), load(`answer ${i}`));
      expect(cache.size.entries).toBeLessThanOrEqual(5);
    }
    expect(loads).toBe(200);
    // The last five are kept; using one keeps it when another comes.
    await cache.table(key(1, 'field 195', 1 + (195 % 3)), load('again'));
    expect(loads).toBe(200);
    await cache.table(key(1, 'field 500', 1 + (500 % 3)), load('new'));
    await cache.table(key(1, 'field 195', 1 + (195 % 3)), load('again'));
    expect(loads).toBe(201);
    await cache.table(key(1, 'field 196', 1 + (196 % 3)), load('again'));
    expect(loads).toBe(202);
    // Long answers: the bytes bound the cache before its entries do.
    const roomy = new PivotCache({ entries: 100, bytes: 64 * 1024 });
    for (let i = 0; i < 50; i += 1) {
      await roomy.table(key(1, `long ${i}`), load('x'.repeat(1_800), 2));
      expect(roomy.size.bytes).toBeLessThanOrEqual(64 * 1024);
    }
    expect(roomy.size.entries).toBeGreaterThan(1);
    expect(roomy.size.entries).toBeLessThan(10);
    // One answer too big to share the room is given and not kept.
    const huge = await roomy.table(key(1, 'huge'), load('y'.repeat(20_000)));
    expect(huge.rows[0]).toHaveLength(20_002);
    expect(roomy.size.bytes).toBeLessThanOrEqual(64 * 1024);
    const before = loads;
    await roomy.table(key(1, 'huge'), load('y'));
    expect(loads).toBe(before + 1);
  });

  it('lets a new version of a template replace what was kept under the old, and shares a load between requests', async () => {
    const cache = new PivotCache({ entries: 100, bytes: 1024 * 1024 });
    await cache.table(key(1, 'a'), async () => cells('old'));
    await cache.table(key(1, 'b'), async () => cells('old'));
    await cache.table(key(1, 'a', 2), async () => cells('other template'));
    expect(cache.size.entries).toBe(3);
    expect((await cache.table(key(2, 'a'), async () => cells('new'))).rows[0]).toBe('new 0');
    // The old version's answers are gone, the other template's stay.
    expect(cache.size.entries).toBe(2);
    // A request that read the old version and finishes late keeps nothing.
    await cache.table(key(1, 'c'), async () => cells('late'));
    expect(cache.size.entries).toBe(2);
    let loads = 0;
    let release: (value: Pivot) => void = () => undefined;
    const slow = () => {
      loads += 1;
      return new Promise<Pivot>((resolve) => (release = resolve));
    };
    const waiting = Array.from({ length: 10 }, () => cache.table(key(2, 'shared'), slow));
    release(cells('shared'));
    expect((await Promise.all(waiting)).every((answer) => answer.rows[0] === 'shared 0')).toBe(true);
    expect(loads).toBe(1);
    // A load that failed is not kept: the next request asks again.
    await expect(cache.table(key(2, 'fails'), () => Promise.reject(new Error('The database went away.')))).rejects.toThrow('went away');
    expect((await cache.table(key(2, 'fails'), async () => cells('back'))).rows[0]).toBe('back 0');
  });
});
