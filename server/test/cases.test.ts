import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { forms, templates, users, type FormStatus } from '../src/db/schema.js';
import { otherCompany } from './support/fixtures.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

const day = 24 * 60 * 60_000;

async function tenants(token: string): Promise<Json[]> {
  const answer = await server.call('/get-tenants', { token });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function companyIdOf(login: string): Promise<number> {
  const [row] = await server.ctx.db.select({ companyId: users.companyId }).from(users).where(eq(users.name, login));
  if (!row) throw new Error(`No user ${login}`);
  return row.companyId;
}

/** Files forms on a tenant's case, as the forms area would. */
async function fileForms(
  companyId: number,
  tenantId: number | null,
  list: { reference: string; status: FormStatus; daysAgo: number; deleted?: boolean }[],
): Promise<void> {
  const [template] = await server.ctx.db.insert(templates).values({ companyId, title: 'Repair Request' }).returning({ id: templates.id });
  const now = server.clock.now().getTime();
  await server.ctx.db.insert(forms).values(
    list.map((form) => ({
      companyId,
      templateId: template?.id ?? 0,
      tenantId,
      reference: form.reference,
      title: `Repair Request ${form.reference}`,
      status: form.status,
      senderName: 'Olivia Bennett',
      fields: [],
      updatedAt: new Date(now - form.daysAgo * day),
      deletedAt: form.deleted ? new Date(now) : null,
    })),
  );
}

describe('tenants', () => {
  it("are the company's for an administrator, by name, with their caseworker and status", async () => {
    const { token } = await server.signIn('demo.admin');
    const list = await tenants(token);
    const names = list.map((tenant) => tenant.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(list.find((tenant) => tenant.name === 'Margaret Ellis')).toMatchObject({
      address: '23 Harbour Street, Bristol BS1 4QA',
      caseworker: 'Chloe Davies',
      status: 'open',
      open_cases: expect.any(Number),
    });
    expect(list.find((tenant) => tenant.name === 'Ahmed Rahman')).toMatchObject({ caseworker: 'Ruby Scott', status: 'closed' });
    expect(list.find((tenant) => tenant.name === 'Eileen Doherty')).toMatchObject({ caseworker: '' });
  });

  it('show the forms filed on the case, the latest first, and count the open ones', async () => {
    const { token } = await server.signIn('demo.admin');
    const margaret = (await tenants(token)).find((tenant) => tenant.name === 'Margaret Ellis');
    const david = (await tenants(token)).find((tenant) => tenant.name === 'David Osei');
    // The demo files forms on the cases already (those naming the tenant): these add to them.
    const [margaretBefore, davidBefore] = [Number(margaret.open_cases), Number(david.open_cases)];
    const companyId = await companyIdOf('demo.admin');
    await fileForms(companyId, margaret.id, [
      { reference: 'NWC-T-0001', status: 'completed', daysAgo: 40 },
      { reference: 'NWC-T-0002', status: 'in_progress', daysAgo: 2 },
      { reference: 'NWC-T-0003', status: 'awaiting_approval', daysAgo: 5 },
      { reference: 'NWC-T-0004', status: 'sent', daysAgo: 1, deleted: true },
      { reference: 'NWC-T-0005', status: 'cancelled', daysAgo: 9 },
    ]);
    await fileForms(companyId, david.id, [{ reference: 'NWC-T-0006', status: 'sent', daysAgo: 1 }]);

    const answer = await server.call('/get-tenant', { token, body: { id: margaret.id } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: margaret.id,
      name: 'Margaret Ellis',
      caseworker: 'Chloe Davies',
      phone: '+44 117 496 0732',
      email: 'margaret.ellis@mail.example',
      notes: 'Prefers visits in the morning. Daughter (Joanne) holds lasting power of attorney.',
      open_cases: margaretBefore + 2,
    });
    expect(answer.body.opened_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const filed = answer.body.forms.filter((form: Json) => String(form.reference).startsWith('NWC-T-'));
    expect(filed.map((form: Json) => [form.reference, form.status])).toEqual([
      ['NWC-T-0002', 'in_progress'],
      ['NWC-T-0003', 'awaiting_approval'],
      ['NWC-T-0005', 'cancelled'],
      ['NWC-T-0001', 'completed'],
    ]);
    const list = await tenants(token);
    expect(list.find((tenant) => tenant.id === margaret.id)?.open_cases).toBe(margaretBefore + 2);
    expect(list.find((tenant) => tenant.id === david.id)?.open_cases).toBe(davidBefore + 1);
  });

  it('of another company are not found, and not listed', async () => {
    const { token } = await server.signIn('demo.admin');
    const margaret = (await tenants(token)).find((tenant) => tenant.name === 'Margaret Ellis');
    const grace = await server.signIn(otherCompany.admin, 'harbour-pass-1');
    expect(await server.call('/get-tenant', { token: grace.token, body: { id: margaret.id } })).toMatchObject({
      status: 404,
      body: { message: 'This item does not exist or was deleted.' },
    });
    expect(await tenants(grace.token)).toEqual([]);
    expect((await server.call('/get-people', { token: grace.token })).body).toEqual({ data: [] });
    expect((await server.call('/get-tenant', { token, body: { id: 999_999 } })).status).toBe(404);
  });
});

describe('the people who work cases', () => {
  it('are those who hold cases or are caseworkers, with how many tenants they hold', async () => {
    const { token } = await server.signIn('demo.admin');
    // Ethan becomes a caseworker, with no cases yet.
    const ethan = (await server.call('/users', { token, body: { filters: { search: 'ethan.wright' } } })).body.data[0];
    await server.call('/users-commands', { token, body: { id: ethan.id, email: ethan.email, type: 'class', value: 'Caseworker' } });

    const people = (await server.call('/get-people', { token })).body.data;
    const byName = Object.fromEntries(people.map((person: Json) => [person.name, person]));
    expect(byName['Chloe Davies']).toMatchObject({ email: 'chloe.davies@northwindcare.example', role: 'Manager', cases: 2 });
    expect(byName['Amelia Hughes']).toMatchObject({ cases: 2 });
    expect(byName['Maya Fischer']).toMatchObject({ role: 'Staff', cases: 2 });
    expect(byName['Ethan Wright']).toMatchObject({ role: 'Caseworker', cases: 0 });
    expect(byName['Olivia Bennett']).toBeUndefined();
    const tenantsHeld = (await tenants(token)).filter((tenant) => tenant.caseworker === 'Ruby Scott').length;
    expect(byName['Ruby Scott'].cases).toBe(tenantsHeld);
    const counts = people.map((person: Json) => person.cases);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });
});
