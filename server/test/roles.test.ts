/**
 * The roles the specification describes, enforced by the server: a personal administrator
 * reaches only the entries also flagged personal (not Users, the logs, the Post Office, Case
 * Management, the Database, Time Attendance), and manages only their own paperwork and
 * devices; nobody below a super user acts on a super user (their account, their two-factor
 * sign-in, their role, their devices).
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { devices, templates, users } from '../src/db/schema.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

async function userRow(name: string) {
  const [row] = await server.ctx.db.select().from(users).where(eq(users.name, name));
  if (!row) throw new Error(`No user ${name}`);
  return row;
}

async function deviceOf(name: string) {
  const user = await userRow(name);
  const [row] = await server.ctx.db.select().from(devices).where(eq(devices.userId, user.id));
  if (!row) throw new Error(`No device of ${name}`);
  return row;
}

const command = (token: string, body: Json) => server.call('/users-commands', { token, body });
const deviceAction = (token: string, action: string, id: number) =>
  server.call('/users-devices', { method: 'GET', token, query: `action=${action}&id=${id}` });

describe('a personal administrator', () => {
  it('cannot list users, invite, change a user, read the logs, pre-population records, integrations or the Database (403)', async () => {
    const { token } = await server.signIn('demo.personal');
    const admin = await userRow('demo.admin');
    expect(await server.call('/users', { token, body: {} })).toMatchObject({ status: 403, body: { message: 'Only administrators can do this.' } });
    expect((await server.call('/invite', { token, body: { users: [{ email: 'new.person@northwindcare.example' }] } })).status).toBe(403);
    expect((await command(token, { id: admin.id, email: admin.email, type: 'mfa', value: 2 })).status).toBe(403);
    expect((await server.call('/fetch-logs', { method: 'GET', token })).status).toBe(403);
    expect((await server.call('/fetch-logs', { method: 'GET', token, query: 'filters[source]=system' })).status).toBe(403);
    expect((await server.call('/fetch-prepopulation', { method: 'GET', token, query: 'id=1&oid=1' })).status).toBe(403);
    expect((await server.call('/fetch-integratedforms', { method: 'GET', token })).status).toBe(403);
    expect((await server.call('/database-forms', { method: 'GET', token })).status).toBe(403);
    expect((await server.call('/get-tenants', { token })).status).toBe(403);
    expect((await server.call('/staffget', { token })).status).toBe(403);
  });

  it('keeps the entries flagged personal: Audit Forms, Devices, Documents, Settings and the company details', async () => {
    const { token } = await server.signIn('demo.personal');
    expect((await server.call('/fetch-formaudit', { method: 'GET', token })).status).toBe(200);
    expect((await server.call('/users-devices', { method: 'GET', token })).status).toBe(200);
    expect((await server.call('/manage-storage', { method: 'GET', token })).status).toBe(200);
    expect((await server.call('/fetch-settings', { method: 'GET', token })).status).toBe(200);
    expect((await server.call('/categories', { token, body: { action: 'list' } })).status).toBe(200);
    const saved = await server.call('/user', { token, body: { data: { phone: '+44 20 7946 0000' } } });
    expect(saved.status).toBe(200);
  });

  it('cannot change the PDF of a template someone else made', async () => {
    const { token } = await server.signIn('demo.personal');
    const [template] = await server.ctx.db
      .select({ id: templates.id })
      .from(templates)
      .where(eq(templates.companyId, (await userRow('demo.admin')).companyId))
      .limit(1);
    const boundary = '----formsign-roles-boundary';
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.from(`${part('function', 'remove')}${part('id', String(template?.id))}--${boundary}--\r\n`);
    const answer = await server.call('/template-pdf', { token, payload, contentType: `multipart/form-data; boundary=${boundary}` });
    expect(answer).toMatchObject({
      status: 403,
      body: { message: 'Only an administrator or the person who made this template can change its PDF.' },
    });
  });

  it("cannot block the super user's device, nor change the company's user groups", async () => {
    await server.signIn('demo.super');
    const superDevice = await deviceOf('demo.super');
    const { token } = await server.signIn('demo.personal');
    expect((await deviceAction(token, 'block', superDevice.id)).status).toBe(404);
    expect((await deviceOf('demo.super')).blockedAt).toBeNull();
    expect(
      (await server.call('/get-groups', { token, body: { data: { action: 'save', name: 'Weekend cover', members: [superDevice.userId] } } })).status,
    ).toBe(403);
  });
});

describe('nobody below a super user acts on a super user', () => {
  it("an administrator cannot switch off a super user's two-factor sign-in, change their class, block or delete them", async () => {
    const { token } = await server.signIn('demo.admin');
    const noah = await userRow('demo.super');
    await server.ctx.db.update(users).set({ mfa: true }).where(eq(users.id, noah.id));
    const refused = { code: -1, message: 'Only a super user can change a super user.' };
    expect((await command(token, { id: noah.id, email: noah.email, type: 'mfa', value: 2 })).body).toEqual(refused);
    expect((await command(token, { id: noah.id, email: noah.email, type: 'class', value: 'Staff' })).body).toEqual(refused);
    expect((await command(token, { id: noah.id, email: noah.email, type: 'status', value: 'blocked' })).body).toEqual(refused);
    expect((await command(token, { id: noah.id, email: noah.email, type: 'delete', value: '' })).body).toEqual(refused);
    expect(await userRow('demo.super')).toMatchObject({ mfa: true, class: noah.class, role: 'admin', blockedAt: null });
    // Two-factor sign-in without an authenticator app set up would hold up the next tests' sign-in.
    await server.ctx.db.update(users).set({ mfa: false }).where(eq(users.id, noah.id));
  });

  it("an administrator cannot block, unblock or remove a super user's device", async () => {
    await server.signIn('demo.super');
    const superDevice = await deviceOf('demo.super');
    const { token } = await server.signIn('demo.admin');
    const refused = { code: -1, message: "Only a super user can block, unblock or remove a super user's device." };
    expect((await deviceAction(token, 'block', superDevice.id)).body).toMatchObject(refused);
    expect((await deviceAction(token, 'remove', superDevice.id)).body).toMatchObject(refused);
    expect(await deviceOf('demo.super')).toMatchObject({ id: superDevice.id, blockedAt: null });
  });

  it('a super user can: on another super user, and on administrators', async () => {
    const { token } = await server.signIn('demo.super');
    const admin = await userRow('demo.admin');
    expect((await command(token, { id: admin.id, email: admin.email, type: 'mfa', value: 1 })).body.code).toBe(1);
    const [other] = await server.ctx.db
      .insert(users)
      .values({
        companyId: admin.companyId,
        name: 'second.super',
        email: 'second.super@northwindcare.example',
        role: 'admin',
        isSuper: true,
        class: 'Administrator',
        mfa: true,
      })
      .returning();
    expect((await command(token, { id: other?.id, email: other?.email, type: 'mfa', value: 2 })).body.code).toBe(1);
    expect(await userRow('second.super')).toMatchObject({ mfa: false });
  });
});

describe('giving roles', () => {
  // The administrator signs in with a password alone here (a test above turns their two-factor sign-in on).
  beforeEach(async () => {
    await server.ctx.db.update(users).set({ mfa: false, forceMfa: false }).where(eq(users.name, 'demo.admin'));
  });

  it('an administrator makes a user a personal administrator and back; the role takes effect at once', async () => {
    const { token } = await server.signIn('demo.admin');
    const basic = await userRow('demo.basic');
    expect((await command(token, { id: basic.id, email: basic.email, type: 'role', value: 'personal' })).body.code).toBe(1);
    expect(await userRow('demo.basic')).toMatchObject({ role: 'admin', personal: true, isSuper: false });
    const listed = await server.call('/users', { token, body: { filters: { search: basic.email } } });
    expect(listed.body.data[0].role).toBe('personal');
    const promoted = await server.signIn('demo.basic');
    expect((await server.call('/fetch-formaudit', { method: 'GET', token: promoted.token })).status).toBe(200);
    expect((await server.call('/users', { token: promoted.token, body: {} })).status).toBe(403);
    expect((await command(token, { id: basic.id, email: basic.email, type: 'role', value: 'basic' })).body.code).toBe(1);
    expect(await userRow('demo.basic')).toMatchObject({ role: 'basic', personal: false });
    expect((await server.call('/fetch-formaudit', { method: 'GET', token: promoted.token })).status).toBe(403);
  });

  it('only a super user makes a super user; nobody raises their own role; another company’s user is not found', async () => {
    const admin = await server.signIn('demo.admin');
    const basic = await userRow('demo.basic');
    const self = await userRow('demo.admin');
    expect(await command(admin.token, { id: basic.id, email: basic.email, type: 'role', value: 'super' })).toMatchObject({
      body: { code: -1, message: 'Only a super user can make a super user.' },
    });
    expect(await command(admin.token, { id: self.id, email: self.email, type: 'role', value: 'super' })).toMatchObject({ body: { code: -1 } });
    expect((await userRow('demo.basic')).isSuper).toBe(false);
    expect((await command(admin.token, { id: basic.id, email: basic.email, type: 'role', value: 'owner' })).body.code).toBe(-1);

    const personal = await userRow('demo.personal');
    const personalSession = await server.signIn('demo.personal');
    expect((await command(personalSession.token, { id: personal.id, email: personal.email, type: 'role', value: 'admin' })).status).toBe(403);

    const tom = await userRow('tom.reid');
    expect((await command(admin.token, { id: tom.id, email: tom.email, type: 'role', value: 'personal' })).status).toBe(404);

    const superUser = await server.signIn('demo.super');
    expect((await command(superUser.token, { id: basic.id, email: basic.email, type: 'role', value: 'super' })).body.code).toBe(1);
    expect(await userRow('demo.basic')).toMatchObject({ role: 'admin', isSuper: true });
    // Now a super user: an administrator can no longer change them.
    expect((await command(admin.token, { id: basic.id, email: basic.email, type: 'role', value: 'basic' })).body.code).toBe(-1);
    expect((await command(superUser.token, { id: basic.id, email: basic.email, type: 'role', value: 'basic' })).body.code).toBe(1);
  });
});
