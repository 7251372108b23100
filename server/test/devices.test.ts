import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, devices as deviceRows, users } from '../src/db/schema.js';
import { otherCompany } from './support/fixtures.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

const tablet = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

async function devices(token: string, query = ''): Promise<Json> {
  const answer = await server.call('/users-devices', { method: 'GET', token, query });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Signs a person in from a device (a user agent); answers the token. */
async function signInFrom(name: string, password: string, userAgent: string): Promise<{ code: number; token: string; message: string }> {
  const answer = await server.call('/login', { body: { name, password, challenge: false }, headers: { 'user-agent': userAgent } });
  return answer.body;
}

async function act(token: string, action: string, id?: number, keys?: string): Promise<Json> {
  const query = new URLSearchParams({ action, ...(id === undefined ? {} : { id: String(id) }), ...(keys ? { keys } : {}) });
  return server.call('/users-devices', { method: 'GET', token, query: query.toString() });
}

describe('connected devices', () => {
  it("are the company's for an administrator, the most recently seen first, and searched by device and person", async () => {
    const { token } = await server.signIn('demo.admin');
    const page = await devices(token);
    expect(page).toMatchObject({ code: 1, message: '', page: 1, total: page.data.length, limit: page.data.length });
    const seen = page.data.map((device: Json) => Date.parse(device.last_seen));
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    // The one just signed in from comes first.
    expect(page.data[0]).toMatchObject({ user: 'Olivia Bennett', platform: 'Web', model: 'Linux PC', status: 'active' });
    expect(page.data.find((device: Json) => device.user === 'Freya Wilson')).toMatchObject({ name: 'Harbour View tablet 2', status: 'blocked' });

    const tablets = await devices(token, 'keys=tablet');
    expect(tablets.data.length).toBeGreaterThanOrEqual(3);
    expect(tablets.data.every((device: Json) => device.name.toLowerCase().includes('tablet'))).toBe(true);
    const amelias = await devices(token, `keys=${encodeURIComponent('ipad hughes')}`);
    expect(amelias.data.map((device: Json) => device.name)).toEqual(['Riverside House tablet 1']);
    expect((await devices(token, 'keys=nothing-like-this')).data).toEqual([]);
  });

  it('are only their own for a basic user', async () => {
    const { token } = await server.signIn('demo.basic');
    const page = await devices(token);
    expect(page.data.length).toBe(2);
    expect(new Set(page.data.map((device: Json) => device.user))).toEqual(new Set(['Liam Carter']));
  });

  it('blocked cannot be used from the next request, nor sign in; unblocked they go on', async () => {
    const admin = await server.signIn('demo.admin');
    const maya = await signInFrom('maya.fischer', 'formsign-demo-colleague', tablet);
    expect(maya.code).toBe(1);
    const mayaTablet = (await devices(admin.token, 'keys=maya')).data.find((device: Json) => device.name === 'Safari on iOS');
    expect(mayaTablet).toMatchObject({ platform: 'iOS', model: 'iPad', status: 'active' });

    const blocked = await act(admin.token, 'block', mayaTablet.id, 'maya');
    expect(blocked.status).toBe(200);
    expect(blocked.body.code).toBe(1);
    expect(blocked.body.data.find((device: Json) => device.id === mayaTablet.id)).toMatchObject({ status: 'blocked' });
    expect((await server.call('/user', { method: 'GET', token: maya.token })).status).toBe(401);
    expect(await signInFrom('maya.fischer', 'formsign-demo-colleague', tablet)).toMatchObject({
      code: -2,
      message: 'This device has been blocked. Please contact your administrator.',
    });
    // Her other devices still work.
    expect((await signInFrom('maya.fischer', 'formsign-demo-colleague', phone)).code).toBe(1);

    expect((await act(admin.token, 'unblock', mayaTablet.id)).body.data.find((device: Json) => device.id === mayaTablet.id)).toMatchObject({
      status: 'active',
    });
    expect((await server.call('/user', { method: 'GET', token: maya.token })).status).toBe(200);

    const trail = await server.ctx.db
      .select({ event: auditEvents.event, actor: auditEvents.actor })
      .from(auditEvents)
      .where(and(eq(auditEvents.target, 'Safari on iOS (Maya Fischer)')));
    expect(trail).toEqual([
      { event: 'device-blocked', actor: 'Olivia Bennett' },
      { event: 'device-unblocked', actor: 'Olivia Bennett' },
    ]);
  });

  it('removed end their sessions and are forgotten until they sign in again', async () => {
    const admin = await server.signIn('demo.admin');
    const ruby = await signInFrom('ruby.scott', 'formsign-demo-colleague', phone);
    const rubyPhone = (await devices(admin.token, 'keys=ruby')).data.find((device: Json) => device.name === 'Chrome on Android');
    const removed = await act(admin.token, 'remove', rubyPhone.id);
    expect(removed.body.code).toBe(1);
    expect(removed.body.data.map((device: Json) => device.id)).not.toContain(rubyPhone.id);
    expect((await server.call('/user', { method: 'GET', token: ruby.token })).status).toBe(401);
    expect((await signInFrom('ruby.scott', 'formsign-demo-colleague', phone)).code).toBe(1);
    const again = (await devices(admin.token, 'keys=ruby')).data.find((device: Json) => device.name === 'Chrome on Android');
    expect(again.id).not.toBe(rubyPhone.id);
  });

  it('may be blocked or removed by their own person, but not the one in use', async () => {
    const here = await server.signIn('demo.basic');
    const elsewhere = await signInFrom('demo.basic', 'formsign-demo', tablet);
    const own = (await devices(here.token)).data;
    const current = own.find((device: Json) => device.model === 'Linux PC');
    const other = own.find((device: Json) => device.model === 'iPad');
    expect((await act(here.token, 'block', current.id)).body).toMatchObject({ code: -1, message: 'You cannot block the device you are using.' });
    expect((await act(here.token, 'remove', current.id)).body).toMatchObject({
      code: -1,
      message: 'You cannot remove the device you are using. Sign out instead.',
    });
    expect((await act(here.token, 'remove', other.id)).body.code).toBe(1);
    expect((await server.call('/user', { method: 'GET', token: elsewhere.token })).status).toBe(401);
    expect((await server.call('/user', { method: 'GET', token: here.token })).status).toBe(200);
  });

  it('refuse an action without a device, and a device one may not see (404, nothing changes)', async () => {
    const admin = await server.signIn('demo.admin');
    const missing = await act(admin.token, 'block');
    expect(missing.body).toMatchObject({ code: -1, message: 'Parameter failed.' });
    expect(missing.body.data.length).toBeGreaterThan(0);
    expect((await act(admin.token, 'block', 999_999)).status).toBe(404);

    const amelia = (await devices(admin.token, 'keys=Riverside')).data.find((device: Json) => device.user === 'Amelia Hughes');
    const grace = await server.signIn(otherCompany.admin, 'harbour-pass-1');
    expect(await act(grace.token, 'block', amelia.id)).toMatchObject({ status: 404, body: { message: 'This item does not exist or was deleted.' } });
    expect((await act(grace.token, 'remove', amelia.id)).status).toBe(404);
    expect((await devices(grace.token)).data.map((device: Json) => device.user)).toEqual(['Grace Okafor']);
    const basic = await server.signIn('demo.basic');
    expect((await act(basic.token, 'block', amelia.id)).status).toBe(404);
    expect((await devices(admin.token, 'keys=Riverside')).data.find((device: Json) => device.id === amelia.id)).toMatchObject({ status: 'active' });
  });
});

describe('a blocked device', () => {
  const laptop = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

  async function deviceRow(id: number) {
    const [row] = await server.ctx.db.select().from(deviceRows).where(eq(deviceRows.id, id));
    return row;
  }

  it('blocked by an administrator cannot be unblocked by its own person from another device; an administrator can', async () => {
    const admin = await server.signIn('demo.admin');
    const ruby = await signInFrom('ruby.scott', 'formsign-demo-colleague', tablet);
    const other = await signInFrom('ruby.scott', 'formsign-demo-colleague', laptop);
    const rubyTablet = (await devices(admin.token, 'keys=ruby')).data.find(
      (device: Json) => device.name === 'Safari on iOS' && device.model === 'iPad',
    );
    expect((await act(admin.token, 'block', rubyTablet.id)).body.code).toBe(1);
    const adminId = (await server.ctx.db.select({ id: users.id }).from(users).where(eq(users.name, 'demo.admin')))[0]?.id;
    expect(await deviceRow(rubyTablet.id)).toMatchObject({ blockedBy: adminId, blockedByRole: 'admin' });

    const refused = await act(other.token, 'unblock', rubyTablet.id);
    expect(refused.body).toMatchObject({ code: -1, message: 'An administrator blocked this device: only an administrator can unblock it.' });
    expect(refused.body.data.find((device: Json) => device.id === rubyTablet.id)).toMatchObject({ status: 'blocked' });
    expect((await server.call('/user', { method: 'GET', token: ruby.token })).status).toBe(401);

    expect((await act(admin.token, 'unblock', rubyTablet.id)).body.code).toBe(1);
    expect(await deviceRow(rubyTablet.id)).toMatchObject({ blockedAt: null, blockedBy: null, blockedByRole: null });
    expect((await server.call('/user', { method: 'GET', token: ruby.token })).status).toBe(200);
  });

  it('blocked by its own person is unblocked by them from another device', async () => {
    const here = await server.signIn('demo.basic');
    await signInFrom('demo.basic', 'formsign-demo', laptop);
    const mac = (await devices(here.token)).data.find((device: Json) => device.name === 'Safari on macOS');
    expect((await act(here.token, 'block', mac.id)).body.code).toBe(1);
    expect((await act(here.token, 'unblock', mac.id)).body).toMatchObject({ code: 1 });
    expect((await deviceRow(mac.id))?.blockedAt).toBeNull();
  });

  it("blocked by a super user is unblocked only by a super user; one blocked before who blocked it was kept counts as an administrator's", async () => {
    const superUser = await server.signIn('demo.super');
    const admin = await server.signIn('demo.admin');
    const ethan = await signInFrom('ethan.wright', 'formsign-demo-colleague', laptop);
    expect(ethan.code).toBe(1);
    const ethanLaptop = (await devices(superUser.token, 'keys=ethan')).data.find((device: Json) => device.name === 'Safari on macOS');
    expect((await act(superUser.token, 'block', ethanLaptop.id)).body.code).toBe(1);
    expect(await act(admin.token, 'unblock', ethanLaptop.id)).toMatchObject({
      body: { code: -1, message: 'A super user blocked this device: only a super user can unblock it.' },
    });
    expect((await act(superUser.token, 'unblock', ethanLaptop.id)).body.code).toBe(1);

    const freyaTablet = (await devices(admin.token, 'keys=freya')).data.find((device: Json) => device.status === 'blocked');
    expect(await deviceRow(freyaTablet.id)).toMatchObject({ blockedBy: null, blockedByRole: null });
    const freya = await server.ctx.db.select({ id: users.id }).from(users).where(eq(users.name, 'freya.wilson'));
    // Freya herself (were she signed in elsewhere) may not lift it.
    await server.ctx.db
      .update(users)
      .set({ blockedAt: null })
      .where(eq(users.id, freya[0]?.id ?? 0));
    const herPhone = await signInFrom('freya.wilson', 'formsign-demo-colleague', phone);
    expect(herPhone.code).toBe(1);
    expect((await act(herPhone.token, 'unblock', freyaTablet.id)).body).toMatchObject({
      code: -1,
      message: 'An administrator blocked this device: only an administrator can unblock it.',
    });
    expect((await act(admin.token, 'unblock', freyaTablet.id)).body.code).toBe(1);
  });
});
