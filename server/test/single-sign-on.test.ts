/**
 * Single sign-on against an OpenID provider started inside the test (oidc-provider on
 * 127.0.0.1, which the server is allowed to reach through FORMSIGN_OUTBOUND_ALLOW): the whole
 * authorization code flow, following the provider's redirects and submitting its login page.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../src/db/schema.js';
import { defaultSettings } from '../src/companies/settings.js';
import { openFlight, sealFlight } from '../src/modules/sso/sign-in-flight.js';
import { fixturePassword } from './support/fixtures.js';
import { followSignIn, startOidcProvider, type TestOidcProvider } from './support/test-oidc-provider.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer({ env: { FORMSIGN_OUTBOUND_ALLOW: '127.0.0.1' } });
const redirectUri = 'http://formsign.test/api/sso/callback';
// Unique names and addresses: the PostgreSQL run shares its server with other runs.
const tag = randomUUID().slice(0, 8);
const mail = (who: string, where: string): string => `${who}.${tag}@${where}.example`;

let provider: TestOidcProvider;
let organisation: number;
let otherOrganisation: number;
let adminToken: string;

beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUris: [redirectUri],
    accounts: {
      member: { email: mail('member', 'alder'), email_verified: true },
      newcomer: { email: mail('newcomer', 'alder'), email_verified: true, given_name: 'Nia', family_name: 'Newcomer' },
      unconfirmed: { email: mail('member', 'alder'), email_verified: false },
      outsider: { email: mail('outsider', 'birch'), email_verified: true },
      super: { email: mail('super', 'alder'), email_verified: true },
    },
  });
  const db = server.database.db;
  const hash = await server.ctx.passwords.hash(fixturePassword);
  const now = new Date();
  const [alder] = await db
    .insert(companies)
    .values({ name: `Alder ${tag}`, settings: defaultSettings() })
    .returning();
  const [birch] = await db
    .insert(companies)
    .values({ name: `Birch ${tag}`, settings: defaultSettings() })
    .returning();
  if (!alder || !birch) throw new Error('No organisations.');
  organisation = alder.id;
  otherOrganisation = birch.id;
  const person = (companyId: number, name: string, email: string, role: 'admin' | 'basic') =>
    ({ companyId, name, email, role, passwordHash: hash, passwordChangedAt: now, activatedAt: now }) as const;
  await db.insert(users).values([
    person(alder.id, `alder.admin.${tag}`, mail('admin', 'alder'), 'admin'),
    // Asked to set up the app's second factor at a password sign-in.
    { ...person(alder.id, `alder.member.${tag}`, mail('member', 'alder'), 'basic'), forceMfa: true },
    person(birch.id, `birch.outsider.${tag}`, mail('outsider', 'birch'), 'basic'),
    { ...person(alder.id, `alder.super.${tag}`, mail('super', 'alder'), 'admin'), isSuper: true },
  ]);
  adminToken = (await server.signIn(`alder.admin.${tag}`, fixturePassword)).token;
});

afterAll(async () => {
  await provider?.close();
});

const configure = (change: Record<string, unknown> = {}) =>
  server.call('/sso-settings', {
    token: adminToken,
    body: {
      enabled: true,
      issuer: provider.issuer,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
      display_name: 'Alder Login',
      allow_create: false,
      required: false,
      ...change,
    },
  });

/** The browser's trip: the app's start, the provider's login page as `account`, the app's callback. */
async function signInThrough(account: string, tamper: { state?: string; nonce?: string } = {}) {
  const start = await server.call('/sso/start', { method: 'GET', query: `organisation=${organisation}` });
  expect(start.status).toBe(303);
  const location = String(start.headers['location']);
  expect(location.startsWith(`${provider.issuer}/`)).toBe(true);
  const authorization = new URL(location);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  let flight = start.cookies['formsign-sso'] ?? '';
  if (tamper.nonce) {
    const open = openFlight(server.ctx.keys, flight, server.clock.now());
    if (!open) throw new Error('The flight cookie does not open.');
    flight = sealFlight(server.ctx.keys, { ...open, nonce: tamper.nonce });
  }
  const back = await followSignIn(location, account, redirectUri);
  if (tamper.state) back.searchParams.set('state', tamper.state);
  const callback = await server.call('/sso/callback', { method: 'GET', query: back.search.slice(1), cookies: { 'formsign-sso': flight } });
  expect(callback.status).toBe(303);
  return { location: String(callback.headers['location']), refresh: callback.cookies['formsign-refresh'] };
}

async function sessionOf(refresh: string | undefined) {
  expect(refresh, 'a refresh cookie').toBeTruthy();
  const renewed = await server.call('/refresh', { body: { refresh_token: refresh } });
  expect(renewed.body.code).toBe(1);
  const me = await server.call('/user', { method: 'GET', token: renewed.body.token });
  return me.body;
}

describe('single sign-on with OpenID Connect', () => {
  it('tells the login page what is offered, in the same shape for names no one has', async () => {
    const unknown = await server.call('/sso-lookup', { body: { name: `nobody.${tag}` } });
    const before = await server.call('/sso-lookup', { body: { name: `alder.member.${tag}` } });
    expect(unknown.body).toEqual({ offered: false, display_name: null, required: false, organisation: null });
    expect(before.body).toEqual(unknown.body);
    const saved = await configure();
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ enabled: true, has_client_secret: true, verified: false, redirect_uri: redirectUri });
    expect(saved.text).not.toContain(provider.clientSecret);
    const after = await server.call('/sso-lookup', { body: { name: mail('member', 'alder') } });
    expect(after.body).toEqual({ offered: true, display_name: 'Alder Login', required: false, organisation });
    expect((await server.call('/sso-lookup', { body: { name: `nobody.${tag}` } })).body).toEqual(unknown.body);
  });

  it('refuses to turn passwords off before a sign-in through the provider has worked', async () => {
    const refused = await configure({ required: true });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('Sign in with your provider once before turning passwords off');
  });

  it('signs in the organisation’s person whose address the provider verified, without the app’s second factor', async () => {
    const password = await server.call('/login', { body: { name: `alder.member.${tag}`, password: fixturePassword, challenge: false } });
    expect(password.body.code).toBe(3);
    const { location, refresh } = await signInThrough('member');
    expect(location).toBe('/login?sso=signed-in');
    const me = await sessionOf(refresh);
    expect(me.user).toMatchObject({ name: `alder.member.${tag}`, email: mail('member', 'alder') });
    expect((await server.call('/sso-settings', { method: 'GET', token: adminToken })).body.verified).toBe(true);
  });

  it('refuses an address the provider did not verify', async () => {
    const { location, refresh } = await signInThrough('unconfirmed');
    expect(location).toBe('/login?sso_error=not-confirmed');
    expect(refresh).toBeUndefined();
  });

  it('never signs in another organisation’s person, nor the instance’s super user', async () => {
    const { location, refresh } = await signInThrough('outsider');
    expect(location).toBe('/login?sso_error=other-organisation');
    expect(refresh).toBeUndefined();
    expect((await signInThrough('super')).location).toBe('/login?sso_error=super-user');
  });

  it('creates a person at the first sign-in only when the organisation allows it', async () => {
    expect((await signInThrough('newcomer')).location).toBe('/login?sso_error=no-account');
    expect((await configure({ allow_create: true, client_secret: undefined })).body).toMatchObject({ allow_create: true, has_client_secret: true });
    const { location, refresh } = await signInThrough('newcomer');
    expect(location).toBe('/login?sso=signed-in');
    await sessionOf(refresh);
    const [created] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, mail('newcomer', 'alder')));
    expect(created).toMatchObject({ companyId: organisation, role: 'basic', firstName: 'Nia', lastName: 'Newcomer', passwordHash: null });
  });

  it('refuses a changed state, a changed nonce and a flight cookie of another trip', async () => {
    expect((await signInThrough('member', { state: 'not-the-state' })).location).toBe('/login?sso_error=failed');
    expect((await signInThrough('member', { nonce: 'not-the-nonce' })).location).toBe('/login?sso_error=failed');
    const back = await server.call('/sso/callback', { method: 'GET', query: 'code=x&state=y' });
    expect(back.headers['location']).toBe('/login?sso_error=expired');
  });

  it('turns passwords off for the organisation once required, and says which provider to use', async () => {
    const saved = await configure({ required: true, client_secret: undefined, allow_create: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ required: true, verified: true });
    const password = await server.call('/login', { body: { name: `alder.member.${tag}`, password: fixturePassword, challenge: false } });
    expect(password.body).toMatchObject({
      code: -3,
      token: '',
      message: 'Your organisation signs in with Alder Login. Use "Sign in with Alder Login".',
    });
    // A wrong password gets the same answer: no way to test passwords.
    const wrong = await server.call('/login', { body: { name: `alder.member.${tag}`, password: 'wrong-password', challenge: false } });
    expect(wrong.body.code).toBe(-3);
    // The instance's super users keep theirs (the way back), and so do another organisation's people.
    expect((await server.call('/login', { body: { name: `alder.super.${tag}`, password: fixturePassword, challenge: false } })).body.code).toBe(1);
    expect((await server.call('/login', { body: { name: `birch.outsider.${tag}`, password: fixturePassword, challenge: false } })).body.code).toBe(1);
    expect((await server.call('/sso-lookup', { body: { organisation: otherOrganisation } })).body.offered).toBe(false);
    // The provider still signs people in.
    expect((await signInThrough('member')).location).toBe('/login?sso=signed-in');
  });
});
