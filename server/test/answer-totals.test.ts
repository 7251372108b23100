/**
 * The figures kept of each field's answers (`submission_answer_totals`), from which the form
 * database's count, sum and average over all of a company's submissions are read: after forms
 * are sent, submitted, corrected, moved to another template, withdrawn, deleted, removed and
 * emptied by retention, they give what working the function out over the submissions gives.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../src/db/schema.js';
import { forms } from '../src/db/schema.js';
import { addFormValues } from '../src/modules/forms/steps-repository.js';
import { submissionsWhere, summarize, summarizeAll, type SummaryFunction } from '../src/modules/database/repository.js';
import { createOrganisation, organisationPassword } from './support/form-rows.js';
import { sendSigningForm, signingTemplate, submitDrawn } from './support/signing-forms.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();
const day = 24 * 60 * 60_000;
const company = 'Tallybridge Ltd';

const fields: FieldDefinition[] = [
  { name: 'hours', label: 'Hours', type: 'number', required: false },
  { name: 'notes', label: 'Notes', type: 'text', required: false },
  { name: 'signature', label: 'Signature', type: 'signature', required: true },
];
/** Each field as the form database may read it: a number field also counted as text, a text field summed. */
const readings: FieldDefinition[] = [
  ...fields,
  { ...fields[0], type: 'text' } as FieldDefinition,
  { ...fields[1], type: 'number' } as FieldDefinition,
];
const functions: SummaryFunction[] = ['count', 'sum', 'average'];

let companyId = 0;
let admin = '';
const templateIds: number[] = [];

beforeAll(async () => {
  ({ companyId } = await createOrganisation(server.ctx.db, server.ctx.passwords, company, 'tally', { retention_days: 30 }));
  for (let i = 0; i < 2; i += 1) templateIds.push(await signingTemplate(server, fields, [{ label: 'Worker', action: 'sign' }], { company }));
  admin = (await server.signIn('tally.admin', organisationPassword)).token;
});

async function send(template: number, who: string): Promise<{ id: number; submit: (values: Record<string, unknown>) => Promise<void> }> {
  const form = await sendSigningForm(server, admin, { template, recipients: [{ name: who, email: `${who.toLowerCase()}@tally.example` }] });
  const [link] = form.links;
  if (!link) throw new Error('No link.');
  return {
    id: form.id,
    submit: async (values) => {
      const signed = await submitDrawn(server, link, values);
      expect(signed.body.data, JSON.stringify(signed.body)).toMatchObject({ completed: true });
    },
  };
}

/** Every function on every reading of every field, of each template and of all: the kept figures against the ones worked out. */
async function expectTotalsAsWorkedOut(): Promise<void> {
  const db = server.ctx.db;
  const viewer = { role: 'admin' as const, companyId, userId: 0 };
  for (const template of [...templateIds, undefined]) {
    const where = submissionsWhere(viewer, { template, search: null, timeZone: 'UTC' });
    for (const field of readings)
      for (const func of functions)
        expect(
          await summarizeAll(db, companyId, template, func, field),
          `${func} of ${field.name} (${field.type}) of template ${template ?? 'all'}`,
        ).toBe(await summarize(db, where, func, field));
  }
}

async function sumOfHours(template?: number): Promise<unknown> {
  const query = `rows=hours&func=sum${template ? `&filters[template]=${template}` : ''}`;
  const answer = await server.call('/database-forms', { method: 'GET', token: admin, query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.summary;
}

describe('the figures kept of the answers', () => {
  it('stay those of the submissions through sends, submits, corrections, moves, withdrawals, removals and retention', async () => {
    const [first, second] = templateIds as [number, number];
    const a = await send(first, 'Ada');
    const b = await send(first, 'Ben');
    const c = await send(second, 'Cy');
    const withdrawn = await send(first, 'Wyn');
    await expectTotalsAsWorkedOut();
    expect(await sumOfHours(first), 'sent forms are no submissions').toEqual({ field: 'hours', value: 0 });

    await a.submit({ hours: 7.5, notes: 'Late shift' });
    await b.submit({ hours: ' 4 ', notes: '' });
    await c.submit({ hours: '3', notes: '42' });
    await expectTotalsAsWorkedOut();
    expect(await sumOfHours(first)).toEqual({ field: 'hours', value: 11.5 });
    expect(await sumOfHours()).toEqual({ field: 'hours', value: 14.5 });

    // A submission's answers corrected, another moved to the other template.
    await addFormValues(server.ctx.db, a.id, { hours: '12.25', notes: null });
    await server.ctx.db.update(forms).set({ templateId: second }).where(eq(forms.id, b.id));
    await expectTotalsAsWorkedOut();
    expect(await sumOfHours(first)).toEqual({ field: 'hours', value: 12.25 });
    expect(await sumOfHours(second)).toEqual({ field: 'hours', value: 7 });

    expect((await server.call('/form-progress', { token: admin, body: { id: withdrawn.id, action: 'withdraw' } })).body.code).toBe(1);
    // Deleted, restored, then removed for good.
    await server.ctx.db.update(forms).set({ deletedAt: server.clock.now() }).where(eq(forms.id, a.id));
    await expectTotalsAsWorkedOut();
    await server.ctx.db.update(forms).set({ deletedAt: null }).where(eq(forms.id, a.id));
    await expectTotalsAsWorkedOut();
    await server.ctx.db.delete(forms).where(eq(forms.id, c.id));
    await expectTotalsAsWorkedOut();
    expect(await sumOfHours()).toEqual({ field: 'hours', value: 16.25 });

    // Retention empties the answers of the ended forms; the figures go with them.
    server.clock.advance(31 * day);
    await server.runJob('apply-retention');
    const emptied = await server.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(forms)
      .where(sql`${forms.companyId} = ${companyId} and ${forms.values} = '{}'::jsonb`);
    expect(emptied[0]?.n).toBeGreaterThanOrEqual(2);
    await expectTotalsAsWorkedOut();
    admin = (await server.signIn('tally.admin', organisationPassword)).token;
    expect(await sumOfHours()).toEqual({ field: 'hours', value: 0 });
  }, 60_000);
});
