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

async function userOf(login: string) {
  const [row] = await server.ctx.db.select().from(users).where(eq(users.name, login));
  if (!row) throw new Error(`No user ${login}`);
  return row;
}

/** A form of the company sent by `login`, for filing. */
async function formSentBy(login: string, reference: string): Promise<number> {
  const sender = await userOf(login);
  const [template] = await server.ctx.db
    .insert(templates)
    .values({ companyId: sender.companyId, title: 'Repair Request' })
    .returning({ id: templates.id });
  const [form] = await server.ctx.db
    .insert(forms)
    .values({
      companyId: sender.companyId,
      templateId: template?.id ?? 0,
      senderId: sender.id,
      reference,
      title: `Repair ${reference}`,
      status: 'sent',
      senderName: login,
      fields: [],
    })
    .returning({ id: forms.id });
  return form?.id ?? 0;
}

const newCase = {
  name: 'Nadia Kowalski',
  address: '5 Mill Lane, Bristol BS3 1AA',
  phone: '+44 117 496 0100',
  email: 'nadia.k@mail.example',
  status: 'open',
};

describe('a case from nothing', () => {
  it('is opened, assigned, noted, given a form and closed by an administrator; the caseworker then works it', async () => {
    const { token } = await server.signIn('demo.admin');
    const basic = await userOf('demo.basic');
    const opened = await server.call('/save-tenant', { token, body: { ...newCase, caseworker_id: basic.id, notes: 'Speaks Polish.' } });
    expect(opened.status).toBe(200);
    const id = opened.body.id;
    expect(opened.body).toMatchObject({ ...newCase, caseworker_id: basic.id, notes: 'Speaks Polish.', case_notes: [], forms: [], open_cases: 0 });
    expect(opened.body.opened_at).toBe(server.clock.now().toISOString().slice(0, 10));
    expect((await tenants(token)).map((tenant) => tenant.name)).toContain('Nadia Kowalski');

    // The caseworker sees the case they hold, notes it, and files a form they sent on it.
    const caseworker = await server.signIn('demo.basic');
    expect((await tenants(caseworker.token)).map((tenant) => tenant.id)).toContain(id);
    const before = server.clock.now().getTime();
    const noted = await server.call('/add-tenant-note', { token: caseworker.token, body: { tenant: id, text: '  Visited; the boiler is fixed.  ' } });
    expect(noted.status).toBe(200);
    expect(noted.body.case_notes).toEqual([
      { id: expect.any(Number), author: expect.any(String), text: 'Visited; the boiler is fixed.', at: expect.any(String) },
    ]);
    expect(Date.parse(noted.body.case_notes[0].at)).toBeGreaterThanOrEqual(before);
    expect(noted.body.case_notes[0].author).toBe(`${basic.firstName} ${basic.lastName}`.trim() || basic.name);
    const formId = await formSentBy('demo.basic', 'NWC-F-0001');
    expect(await server.call('/file-form', { token: caseworker.token, body: { form: formId, tenant: id } })).toMatchObject({
      status: 200,
      body: { form: formId, tenant: { id, name: 'Nadia Kowalski' } },
    });
    const progress = await server.call('/form-progress', { method: 'GET', token: caseworker.token, query: `id=${formId}` });
    expect(progress.body.tenant).toEqual({ id, name: 'Nadia Kowalski' });
    const read = await server.call('/get-tenant', { token, body: { id } });
    expect(read.body).toMatchObject({ open_cases: 1, forms: [{ id: formId, reference: 'NWC-F-0001' }] });

    // Closed, with nothing lost; taken off the case again.
    const closed = await server.call('/save-tenant', { token, body: { ...newCase, id, status: 'closed', caseworker_id: basic.id } });
    expect(closed.body).toMatchObject({ status: 'closed', notes: 'Speaks Polish.', case_notes: [{ text: 'Visited; the boiler is fixed.' }] });
    expect((await server.call('/file-form', { token, body: { form: formId, tenant: null } })).body).toEqual({ form: formId, tenant: null });
    expect((await server.call('/get-tenant', { token, body: { id } })).body.forms).toEqual([]);
  });

  it("refuses another company's case, caseworker and form, and bad values, in words", async () => {
    const { token } = await server.signIn('demo.admin');
    const grace = await server.signIn(otherCompany.admin, 'harbour-pass-1');
    const tom = await userOf(otherCompany.basic);
    const margaret = (await tenants(token)).find((tenant) => tenant.name === 'Margaret Ellis');

    expect(await server.call('/save-tenant', { token, body: { ...newCase, caseworker_id: tom.id } })).toMatchObject({
      status: 400,
      body: { message: 'The caseworker must be a user of your company.' },
    });
    expect((await server.call('/save-tenant', { token: grace.token, body: { ...newCase, id: margaret.id } })).status).toBe(404);
    expect((await server.call('/add-tenant-note', { token: grace.token, body: { tenant: margaret.id, text: 'Mine now' } })).status).toBe(404);
    const theirs = await server.call('/save-tenant', { token: grace.token, body: { ...newCase, name: 'Harbour tenant' } });
    expect(theirs.status).toBe(200);
    const ours = await formSentBy('demo.admin', 'NWC-F-0002');
    expect((await server.call('/file-form', { token, body: { form: ours, tenant: theirs.body.id } })).status).toBe(404);
    expect((await server.call('/file-form', { token: grace.token, body: { form: ours, tenant: theirs.body.id } })).status).toBe(404);
    expect((await server.call('/get-tenant', { token, body: { id: margaret.id } })).body.name).toBe('Margaret Ellis');

    expect((await server.call('/save-tenant', { token, body: { ...newCase, name: '   ' } })).body.message).toBe('Give the tenant a name.');
    expect((await server.call('/save-tenant', { token, body: { ...newCase, email: 'not-an-address' } })).body.message).toBe(
      'The email address is not valid.',
    );
    expect((await server.call('/add-tenant-note', { token, body: { tenant: margaret.id, text: 'x'.repeat(2001) } })).status).toBe(400);
    expect((await server.call('/add-tenant-note', { token, body: { tenant: margaret.id, text: '   ' } })).body.message).toBe(
      'Write the note before adding it.',
    );
  });

  it('is opened and changed only by administrators; a caseworker notes and files only on cases they hold', async () => {
    const basic = await server.signIn('demo.basic');
    const personal = await server.signIn('demo.personal');
    expect((await server.call('/save-tenant', { token: basic.token, body: newCase })).status).toBe(403);
    expect((await server.call('/save-tenant', { token: personal.token, body: newCase })).status).toBe(403);
    expect((await server.call('/add-tenant-note', { token: personal.token, body: { tenant: 1, text: 'Hello' } })).status).toBe(403);

    const { token } = await server.signIn('demo.admin');
    const held = await userOf('ruby.scott');
    const notHers = (await server.call('/save-tenant', { token, body: { ...newCase, caseworker_id: held.id } })).body.id;
    expect((await server.call('/add-tenant-note', { token: basic.token, body: { tenant: notHers, text: 'Hello' } })).status).toBe(404);
    const own = await formSentBy('demo.basic', 'NWC-F-0003');
    expect((await server.call('/file-form', { token: basic.token, body: { form: own, tenant: notHers } })).status).toBe(404);
    // Nor may they file a form on it while sending.
    const someoneElses = await formSentBy('amelia.hughes', 'NWC-F-0004');
    const mine = (await server.call('/save-tenant', { token, body: { ...newCase, caseworker_id: (await userOf('demo.basic')).id } })).body.id;
    expect((await server.call('/file-form', { token: basic.token, body: { form: someoneElses, tenant: mine } })).status).toBe(404);
  });
});
