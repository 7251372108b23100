import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, templates, users } from '../src/db/schema.js';
import { otherCompany } from './support/fixtures.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

async function categories(token: string, body?: Record<string, unknown>): Promise<Json> {
  return (await server.call('/categories', { token, ...(body ? { body } : {}) })).body;
}

async function groups(token: string, data: Record<string, unknown> = { action: 'list' }): Promise<Json> {
  return (await server.call('/get-groups', { token, body: { data } })).body;
}

async function userId(login: string): Promise<number> {
  const [row] = await server.ctx.db.select({ id: users.id }).from(users).where(eq(users.name, login));
  if (!row) throw new Error(`No user ${login}`);
  return row.id;
}

const named = (list: Json, name: string): Json => list.data.find((item: Json) => item.name === name);

describe('template categories', () => {
  it('are listed by name for everyone, with how many templates (not deleted) use each', async () => {
    const { token } = await server.signIn('demo.basic');
    const list = await categories(token);
    expect(list).toMatchObject({ code: 1, message: '' });
    expect(list.data.map((category: Json) => category.name)).toEqual(['Care', 'Compliance', 'Finance', 'Health and Safety', 'Housing', 'HR']);

    const care = named(list, 'Care');
    // The demo's own templates use some categories already: these add to them.
    const careBefore = Number(care.templates);
    const companyId = (await server.ctx.db.select({ companyId: users.companyId }).from(users).where(eq(users.name, 'demo.admin')))[0]?.companyId ?? 0;
    await server.ctx.db.insert(templates).values([
      { companyId, title: 'Care plan review', categoryId: care.id },
      { companyId, title: 'Medication record', categoryId: care.id },
      { companyId, title: 'Old care form', categoryId: care.id, deletedAt: new Date() },
    ]);
    expect(named(await categories(token, { action: 'list' }), 'Care').templates).toBe(careBefore + 2);
  });

  it('are created and renamed, the name unique regardless of case, and audited', async () => {
    const { token } = await server.signIn('demo.admin');
    const created = await categories(token, { action: 'save', name: '  Facilities  ' });
    expect(created).toMatchObject({ code: 1, message: '' });
    const facilities = named(created, 'Facilities');
    expect(facilities).toMatchObject({ templates: 0 });

    expect(await categories(token, { action: 'save', name: 'FACILITIES' })).toMatchObject({ code: -2, message: 'A category with this name exists.' });
    expect(await categories(token, { action: 'save', id: facilities.id, name: 'care' })).toMatchObject({
      code: -2,
      message: 'A category with this name exists.',
    });
    const renamed = await categories(token, { action: 'save', id: facilities.id, name: 'Facilities and Estates' });
    expect(renamed.code).toBe(1);
    expect(named(renamed, 'Facilities and Estates').id).toBe(facilities.id);
    expect(named(renamed, 'Facilities')).toBeUndefined();
    expect((await categories(token, { action: 'save', id: facilities.id, name: 'FACILITIES AND ESTATES' })).code).toBe(1);
    const trail = await server.ctx.db
      .select({ target: auditEvents.target, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.event, 'settings-saved'));
    expect(trail.map((event) => event.details['change'])).toEqual(['created', 'renamed', 'renamed']);
  });

  it('are deleted, and their templates go on without one', async () => {
    const { token } = await server.signIn('demo.admin');
    const finance = named(await categories(token), 'Finance');
    const companyId = (await server.ctx.db.select({ companyId: users.companyId }).from(users).where(eq(users.name, 'demo.admin')))[0]?.companyId ?? 0;
    const [template] = await server.ctx.db.insert(templates).values({ companyId, title: 'Expense claim', categoryId: finance.id }).returning();
    const after = await categories(token, { action: 'delete', id: finance.id });
    expect(after.code).toBe(1);
    expect(named(after, 'Finance')).toBeUndefined();
    const [kept] = await server.ctx.db
      .select()
      .from(templates)
      .where(eq(templates.id, template?.id ?? 0));
    expect(kept).toMatchObject({ title: 'Expense claim', categoryId: null, deletedAt: null });
  });

  it('refuse a missing name or category, and changes by anyone but an administrator', async () => {
    const { token } = await server.signIn('demo.admin');
    expect(await categories(token, { action: 'save', name: '   ' })).toMatchObject({ code: -1, message: 'Parameter failed.' });
    expect(await categories(token, { action: 'save' })).toMatchObject({ code: -1 });
    expect(await categories(token, { action: 'delete' })).toMatchObject({ code: -1 });
    expect(await categories(token, { action: 'save', id: 999_999, name: 'Ghost' })).toMatchObject({ code: -1 });
    const basic = await server.signIn('demo.basic');
    expect((await server.call('/categories', { token: basic.token, body: { action: 'save', name: 'Mine' } })).status).toBe(403);
    expect(named(await categories(token), 'Mine')).toBeUndefined();
  });

  it('of another company cannot be reached: refused, and nothing changes', async () => {
    const { token } = await server.signIn('demo.admin');
    const housing = named(await categories(token), 'Housing');
    const grace = await server.signIn(otherCompany.admin, 'harbour-pass-1');
    expect((await categories(grace.token)).data).toEqual([]);
    expect((await categories(grace.token, { action: 'save', id: housing.id, name: 'Taken over' })).code).toBe(-1);
    expect((await categories(grace.token, { action: 'delete', id: housing.id })).code).toBe(-1);
    expect(named(await categories(token), 'Housing')).toEqual(housing);
    // The same name in another company is another category.
    expect(named(await categories(grace.token, { action: 'save', name: 'Housing' }), 'Housing').id).not.toBe(housing.id);
  });
});

describe('user groups', () => {
  it('are listed by name with their members', async () => {
    const { token } = await server.signIn('demo.admin');
    const list = await groups(token);
    expect(list.data.map((group: Json) => group.name)).toEqual(['Managers', 'Night shift', 'Payroll approvers', 'Riverside House']);
    expect(named(list, 'Night shift').members).toEqual([await userId('maya.fischer')]);
  });

  it('are created with members of the company, changed and deleted', async () => {
    const { token } = await server.signIn('demo.admin');
    const [ethan, ruby, chloe] = [await userId('ethan.wright'), await userId('ruby.scott'), await userId('chloe.davies')];
    const created = await groups(token, { action: 'save', name: 'Fire wardens', members: [ruby, ethan, ruby] });
    expect(created).toMatchObject({ code: 1, message: '' });
    const wardens = named(created, 'Fire wardens');
    expect(wardens.members).toEqual([ethan, ruby].sort((a, b) => a - b));

    expect(await groups(token, { action: 'save', name: 'fire WARDENS' })).toMatchObject({ code: -2, message: 'A group with this name exists.' });
    const changed = await groups(token, { action: 'save', id: wardens.id, name: 'Fire marshals', members: [chloe] });
    expect(named(changed, 'Fire marshals')).toEqual({ id: wardens.id, name: 'Fire marshals', members: [chloe] });
    // Renamed without `members`: the members stay.
    expect(named(await groups(token, { action: 'save', id: wardens.id, name: 'Fire team' }), 'Fire team').members).toEqual([chloe]);

    const deleted = await groups(token, { action: 'delete', id: wardens.id });
    expect(deleted.code).toBe(1);
    expect(named(deleted, 'Fire team')).toBeUndefined();
  });

  it('lose a member who is deleted', async () => {
    const { token } = await server.signIn('demo.admin');
    const ruby = (await server.call('/users', { token, body: { filters: { search: 'ruby.scott' } } })).body.data[0];
    expect(named(await groups(token), 'Riverside House').members).toContain(ruby.id);
    await server.call('/users-commands', { token, body: { id: ruby.id, email: ruby.email, type: 'delete', value: '' } });
    expect(named(await groups(token), 'Riverside House').members).not.toContain(ruby.id);
  });

  it('refuse members of another company, missing names, and anyone but an administrator', async () => {
    const { token } = await server.signIn('demo.admin');
    const tom = await userId(otherCompany.basic);
    expect(await groups(token, { action: 'save', name: 'Mixed', members: [await userId('maya.fischer'), tom] })).toMatchObject({
      code: -1,
      message: 'Every member of a group must be a user of your company.',
    });
    expect(await groups(token, { action: 'save', name: '  ' })).toMatchObject({ code: -1 });
    expect((await server.call('/get-groups', { token, body: { data: { action: 'save', name: '' } } })).status).toBe(400);
    expect(await groups(token, { action: 'delete' })).toMatchObject({ code: -1, message: 'Parameter failed.' });
    expect(named(await groups(token), 'Mixed')).toBeUndefined();
    const basic = await server.signIn('demo.basic');
    expect((await groups(basic.token)).code).toBe(1);
    expect((await server.call('/get-groups', { token: basic.token, body: { data: { action: 'save', name: 'Mine' } } })).status).toBe(403);
  });

  it('of another company cannot be reached: refused, and nothing changes', async () => {
    const { token } = await server.signIn('demo.admin');
    const managers = named(await groups(token), 'Managers');
    const grace = await server.signIn(otherCompany.admin, 'harbour-pass-1');
    expect((await groups(grace.token)).data).toEqual([]);
    expect((await groups(grace.token, { action: 'save', id: managers.id, name: 'Ours now', members: [await userId(otherCompany.basic)] })).code).toBe(
      -1,
    );
    expect((await groups(grace.token, { action: 'delete', id: managers.id })).code).toBe(-1);
    expect(named(await groups(token), 'Managers')).toEqual(managers);
  });
});
