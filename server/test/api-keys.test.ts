/**
 * Organisations' API keys: made by an administrator (the secret shown once, kept as a hash),
 * accepted as `Authorization: Bearer fs_live_...` without the XSRF pair, with the same role
 * checks as a person of the key's role, inside its own company only; refused where a key may
 * not act; revoked and expired keys answered 401 in their own words; the trail names the key.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../src/auth/api-keys.js';
import { apiKeys, auditEvents } from '../src/db/schema.js';
import { keyWindows } from '../src/http/rate-limits.js';
import { fixturePassword, otherCompany } from './support/fixtures.js';
import { companyIdOf } from './support/form-rows.js';
import { signingTemplate } from './support/signing-forms.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

let made = 0;
/** Makes a key as the person signed in with `token`; answers the whole answer. */
async function makeKey(token: string, body: Json): Promise<Json> {
  made += 1;
  const answer = await server.call('/api-keys', { token, body: { ...body, name: `${body.name ?? 'Key'} ${made}` } });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** A call with a key: the bearer is the key, and no XSRF pair is sent. */
const withKey = (key: string, path: string, options: Parameters<typeof server.call>[1] = {}) =>
  server.call(path, { ...options, token: null, headers: { authorization: `Bearer ${key}`, ...options.headers } });

describe('making and listing keys', () => {
  it('answers the whole key once, keeps only its hash, and lists it by its prefix without the secret', async () => {
    const { token } = await server.signIn('demo.admin');
    const made = await makeKey(token, { name: 'CRM export', role: 'basic' });
    expect(made).toMatchObject({ code: 1, message: '' });
    const secret = made.secret as string;
    expect(secret).toMatch(/^fs_live_[\w-]{43}$/);
    expect(made.key).toMatchObject({ prefix: secret.slice(0, 12), role: 'basic', revoked_at: null, last_used_at: null, expires_at: null });

    const [row] = await server.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, made.key.id));
    expect(row?.hash).toBe(hashApiKey(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));

    const listed = await server.call('/api-keys', { method: 'GET', token });
    expect(listed.body.data.find((key: Json) => key.id === made.key.id)).toMatchObject({
      prefix: secret.slice(0, 12),
      created_by: expect.any(String),
    });
    expect(listed.text).not.toContain(secret.slice(12));
  });

  it('is for administrators and super users: a basic user and a personal administrator are refused', async () => {
    for (const name of ['demo.basic', 'demo.personal']) {
      const { token } = await server.signIn(name);
      expect((await server.call('/api-keys', { token, body: { name: 'Mine', role: 'basic' } })).status).toBe(403);
      expect((await server.call('/api-keys', { method: 'GET', token })).status).toBe(403);
    }
  });

  it('refuses an expiry that is not after today, and a name of spaces', async () => {
    const { token } = await server.signIn('demo.admin');
    const today = server.clock.now().toISOString().slice(0, 10);
    expect((await server.call('/api-keys', { token, body: { name: 'Late', role: 'basic', expires_at: today } })).body).toMatchObject({
      code: -1,
      message: 'The expiry date must be after today.',
      secret: null,
    });
    expect((await server.call('/api-keys', { token, body: { name: '   ', role: 'basic' } })).body).toMatchObject({ code: -1, secret: null });
  });
});

describe('calling with a key', () => {
  it('acts with its role as a person of that role would, without the XSRF pair that a person still needs', async () => {
    const { token } = await server.signIn('demo.admin');
    const basic = (await makeKey(token, { name: 'Basic', role: 'basic' })).secret as string;
    const admin = (await makeKey(token, { name: 'Admin', role: 'admin' })).secret as string;

    expect((await withKey(basic, '/workflow', { method: 'GET' })).status).toBe(200);
    // The logs are for administrators: refused to a basic key as to a basic user.
    expect(await withKey(basic, '/fetch-logs', { method: 'GET' })).toMatchObject({
      status: 403,
      body: { message: 'Only administrators can do this.' },
    });
    expect((await withKey(admin, '/fetch-logs', { method: 'GET' })).status).toBe(200);
    // A change with a key needs no XSRF pair; with a person's token it still does.
    expect((await withKey(admin, '/categories', { body: { action: 'list' } })).status).toBe(200);
    expect(await server.call('/categories', { token, xsrf: false, body: { action: 'list' } })).toMatchObject({
      status: 403,
      body: { message: 'The request could not be verified. Please reload the page and try again.' },
    });
  });

  it('is refused where a key may not act: keys, the profile (password, 2FA), user commands, logging out', async () => {
    const { token } = await server.signIn('demo.admin');
    const key = (await makeKey(token, { name: 'Admin', role: 'admin' })).secret as string;
    const refused = { status: 403, body: { message: 'An API key cannot do this. Sign in as a person to do it.' } };
    expect(await withKey(key, '/api-keys', { body: { name: 'Another', role: 'admin' } })).toMatchObject(refused);
    expect(await withKey(key, '/api-keys', { method: 'GET' })).toMatchObject(refused);
    expect(
      await withKey(key, '/user', { method: 'PUT', body: { data: { password: 'a-new-password-1', current_password: 'formsign-demo' } } }),
    ).toMatchObject(refused);
    expect(await withKey(key, '/users-commands', { body: { id: 1, email: 'x@example.com', type: 'mfa', value: 2 } })).toMatchObject(refused);
    expect(await withKey(key, '/logout', { body: {} })).toMatchObject(refused);
  });

  it('answers an unknown key 401, a revoked one 401 in its own words, and revoking twice is refused', async () => {
    const { token } = await server.signIn('demo.admin');
    const made = await makeKey(token, { name: 'Short lived', role: 'basic' });
    expect(await withKey(`fs_live_${'x'.repeat(43)}`, '/workflow', { method: 'GET' })).toMatchObject({
      status: 401,
      body: { message: 'This API key is not valid.' },
    });
    const revoked = await server.call('/api-keys/revoke', { token, body: { id: made.key.id } });
    expect(revoked.body).toMatchObject({ code: 1, key: { id: made.key.id, revoked_at: expect.any(String) } });
    expect(await withKey(made.secret, '/workflow', { method: 'GET' })).toMatchObject({
      status: 401,
      body: { message: 'This API key has been revoked.' },
    });
    expect((await server.call('/api-keys/revoke', { token, body: { id: made.key.id } })).body).toMatchObject({ code: -2, key: null });
  });

  it('works until the end of its last day, then is answered 401 as expired', async () => {
    const { token } = await server.signIn('demo.admin');
    const tomorrow = new Date(server.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const key = (await makeKey(token, { name: 'Until tomorrow', role: 'basic', expires_at: tomorrow })).secret as string;
    expect((await withKey(key, '/workflow', { method: 'GET' })).status).toBe(200);
    server.clock.advance(2 * 86_400_000);
    expect(await withKey(key, '/workflow', { method: 'GET' })).toMatchObject({ status: 401, body: { message: 'This API key has expired.' } });
  });

  it('notes its last use at most once a minute', async () => {
    const { token } = await server.signIn('demo.admin');
    const made = await makeKey(token, { name: 'Busy', role: 'basic' });
    const lastUsed = async () => (await server.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, made.key.id)))[0]?.lastUsedAt?.getTime();
    await withKey(made.secret, '/workflow', { method: 'GET' });
    const first = await lastUsed();
    expect(first).toBeDefined();
    server.clock.advance(30_000);
    await withKey(made.secret, '/workflow', { method: 'GET' });
    expect(await lastUsed()).toBe(first);
    server.clock.advance(31_000);
    await withKey(made.secret, '/workflow', { method: 'GET' });
    expect(await lastUsed()).toBeGreaterThan(first ?? 0);
  });

  it('never reaches another organisation: its forms are not there, and neither are its keys', async () => {
    const harbour = (await server.signIn(otherCompany.admin, fixturePassword)).token;
    const harbourKey = await makeKey(harbour, { name: 'Harbour', role: 'admin' });
    const fields = [{ name: 'signature', label: 'Signature', type: 'signature' as const, required: true }];
    const template = await signingTemplate(server, fields, [{ label: 'Signer', action: 'sign' }], { company: otherCompany.name });
    const sent = await server.call('/send-form', {
      token: harbour,
      body: { template, recipients: [{ name: 'Ann Other', email: 'ann.other@mail.example' }] },
    });
    expect(sent.body.code).toBe(1);

    const { token } = await server.signIn('demo.admin');
    const key = (await makeKey(token, { name: 'Northwind', role: 'admin' })).secret as string;
    expect((await withKey(key, '/form-progress', { method: 'GET', query: `id=${sent.body.id}` })).status).toBe(404);
    expect((await server.call('/api-keys/revoke', { token, body: { id: harbourKey.key.id } })).status).toBe(404);
    const listed = await server.call('/api-keys', { method: 'GET', token });
    expect(listed.body.data.map((each: Json) => each.id)).not.toContain(harbourKey.key.id);
  });

  it('is named in the trail: what it did, and when it was made and revoked', async () => {
    const { token } = await server.signIn('demo.admin');
    const made = await makeKey(token, { name: 'Trail', role: 'admin' });
    const label = `api key "${made.key.name}" (${made.key.prefix})`;
    const saved = await withKey(made.secret, '/categories', { body: { action: 'save', name: `Keyed ${made.key.id}` } });
    expect(saved.body.code).toBe(1);
    await server.call('/api-keys/revoke', { token, body: { id: made.key.id } });
    const companyId = await companyIdOf(server.ctx.db, 'Northwind Care Ltd');
    const rows = await server.ctx.db
      .select({ event: auditEvents.event, actor: auditEvents.actor, target: auditEvents.target })
      .from(auditEvents)
      .where(eq(auditEvents.companyId, companyId));
    expect(rows).toContainEqual({ event: 'settings-saved', actor: label, target: `Category Keyed ${made.key.id}` });
    expect(rows).toContainEqual(expect.objectContaining({ event: 'api-key-created', target: label }));
    expect(rows).toContainEqual(expect.objectContaining({ event: 'api-key-revoked', target: label }));
  });
});

describe('the limit of calls per key', () => {
  it('lets a key make its calls in a window, then answers how long to wait, and starts again after', () => {
    let at = Date.parse('2026-11-24T10:00:00Z');
    const count = keyWindows({ max: 2, timeWindow: 60_000 }, () => new Date(at));
    expect([count(1), count(1), count(2)]).toEqual([null, null, null]);
    at += 15_000;
    expect(count(1)).toBe(45);
    at += 45_000;
    expect(count(1)).toBeNull();
  });
});
