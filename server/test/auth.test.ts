import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { otherCompany, fixturePassword } from './support/fixtures.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();

const login = (name: string, password: string, ip = '127.0.0.1') => server.call('/login', { body: { name, password, challenge: false }, ip });

describe('logging in', () => {
  it('answers code 1 with a signed token carrying the claims the app decodes, and the session headers', async () => {
    const answer = await login('demo.admin', 'formsign-demo');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      code: 1,
      issuper: false,
      isPersonal: false,
      isadmin: false,
      isfront: false,
      username: 'Olivia Bennett',
      message: '',
    });
    const claims = decodeJwt(answer.body.token);
    expect(claims).toMatchObject({
      name: 'demo.admin',
      email: 'demo.admin@northwindcare.example',
      first_name: 'Olivia',
      last_name: 'Bennett',
      company_name: 'Northwind Care Ltd',
      envelopes: 500,
      admin: true,
      img: '',
    });
    expect(claims.sid).toBe(answer.body.session);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    expect(answer.headers['access-token']).toBe(answer.body.token);
    expect(decodeJwt(String(answer.headers['id-token']))).toMatchObject({ name: 'demo.admin', token_use: 'id' });
    expect(String(answer.headers['refresh-token'])).toMatch(/^rt_/);
    expect(answer.cookies['formsign-refresh']).toBe(answer.headers['refresh-token']);
  });

  it('signs in by email as well as by name, whatever the case', async () => {
    expect((await login('DEMO.BASIC@northwindcare.example', 'formsign-demo')).body.code).toBe(1);
  });

  it('gives each role its flags', async () => {
    const basic = await login('demo.basic', 'formsign-demo');
    expect(decodeJwt(basic.body.token).admin).toBe(false);
    const personal = await login('demo.personal', 'formsign-demo');
    expect(personal.body).toMatchObject({ code: 1, isPersonal: true });
    expect(decodeJwt(personal.body.token).admin).toBe(true);
    const superUser = await login('demo.super', 'formsign-demo');
    expect(superUser.body).toMatchObject({ code: 1, issuper: true, isadmin: true, isfront: true });
  });

  it('answers 0 for a wrong password and for an unknown name, alike', async () => {
    const wrong = await login('demo.admin', 'not-the-password', '10.0.0.1');
    const unknown = await login('nobody.here', 'formsign-demo', '10.0.0.1');
    expect(wrong.body).toEqual({
      code: 0,
      token: '',
      issuper: false,
      isPersonal: false,
      isadmin: false,
      isfront: false,
      url: '',
      img: '',
      message: '',
      session: '',
      username: '',
    });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers['access-token']).toBeUndefined();
  });

  it('answers -1 to an account that is not activated, and -2 to a blocked one', async () => {
    expect((await login('not.active', fixturePassword)).body.code).toBe(-1);
    expect((await login('freya.wilson', 'formsign-demo-colleague')).body.code).toBe(-2);
  });

  it('answers -208 after five wrong passwords for a name, even with the right one, until the window has passed', async () => {
    for (let i = 0; i < 5; i += 1) expect((await login(otherCompany.basic, 'wrong-password', `10.1.0.${i}`)).body.code).toBe(0);
    expect((await login(otherCompany.basic, fixturePassword, '10.1.0.9')).body.code).toBe(-208);
    server.clock.advance(16 * 60_000);
    expect((await login(otherCompany.basic, fixturePassword, '10.1.0.9')).body.code).toBe(1);
  });

  it('answers -208 after twenty wrong passwords from one address, whatever the name', async () => {
    for (let i = 0; i < 20; i += 1) await login(`someone${i}`, 'wrong-password', '10.2.0.1');
    expect((await login('demo.admin', 'formsign-demo', '10.2.0.1')).body.code).toBe(-208);
    expect((await login('demo.admin', 'formsign-demo', '10.2.0.2')).body.code).toBe(1);
  });

  it('records sign-ins and failures in the action records', async () => {
    await login('demo.basic', 'wrong-password', '10.3.0.1');
    const admin = await server.signIn('demo.admin');
    const logs = await server.call('/fetch-logs', { method: 'GET', token: admin.token, query: 'limit=50' });
    expect(logs.status).toBe(200);
  });
});

describe('a session', () => {
  it('is needed for secured calls: none, a forged and an expired token get 401', async () => {
    expect((await server.call('/user', { method: 'GET' })).status).toBe(401);
    const { token } = await server.signIn('demo.basic');
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    const refused = await server.call('/user', { method: 'GET', token: forged });
    expect(refused).toMatchObject({ status: 401, body: { message: 'Your session has expired. Please log in again.' } });
    server.clock.advance(3601_000);
    expect((await server.call('/user', { method: 'GET', token })).status).toBe(401);
  });

  it('ends at logout: the token no longer works', async () => {
    const { token } = await server.signIn('demo.basic');
    expect((await server.call('/user', { method: 'GET', token })).status).toBe(200);
    const out = await server.call('/logout', { token });
    expect(out.body).toEqual({ code: 1, message: 'You have been signed out.' });
    expect(out.cookies['formsign-refresh']).toBe('');
    expect((await server.call('/user', { method: 'GET', token })).status).toBe(401);
  });

  it('needs the XSRF cookie echoed in its header for a change', async () => {
    const { token } = await server.signIn('demo.basic');
    const refused = await server.call('/logout', { token, xsrf: false });
    expect(refused).toMatchObject({ status: 403, body: { message: 'The request could not be verified. Please reload the page and try again.' } });
    const mismatched = await server.call('/logout', { token, xsrf: false, cookies: { 'XSRF-TOKEN': 'one' }, headers: { 'x-xsrf-token': 'two' } });
    expect(mismatched.status).toBe(403);
    // A read needs no XSRF pair.
    expect((await server.call('/user', { method: 'GET', token, xsrf: false })).status).toBe(200);
  });

  it('is renewed by its refresh token, which then stops working; using a spent one after the grace ends the session', async () => {
    const first = await server.signIn('demo.basic');
    const renewed = await server.call('/refresh', { body: { refresh_token: first.refreshToken } });
    expect(renewed.body.code).toBe(1);
    expect(renewed.body.session).toBe(first.body.session);
    const next = String(renewed.headers['refresh-token']);
    expect(next).not.toBe(first.refreshToken);
    expect((await server.call('/user', { method: 'GET', token: renewed.body.token })).status).toBe(200);

    // The spent token again, past the grace of two tabs renewing at once: refused, and the
    // session ends for whoever holds it.
    server.clock.advance(11_000);
    expect((await server.call('/refresh', { body: { refresh_token: first.refreshToken } })).body.code).toBe(-1);
    expect((await server.call('/user', { method: 'GET', token: renewed.body.token })).status).toBe(401);
    expect((await server.call('/refresh', { body: { refresh_token: next } })).body.code).toBe(-1);
  });

  it('is renewed from the refresh cookie when the body has no token', async () => {
    const first = await server.signIn('demo.basic');
    const renewed = await server.call('/refresh', { body: {}, cookies: { 'formsign-refresh': first.refreshToken } });
    expect(renewed.body.code).toBe(1);
    expect((await server.call('/refresh', { body: {} })).body).toMatchObject({ code: -1, token: '' });
  });

  it('forgets the refresh cookie when it renews nothing, answering -1 in the login body', async () => {
    const refused = await server.call('/refresh', { body: {}, cookies: { 'formsign-refresh': 'rt_unknown' } });
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({
      code: -1,
      token: '',
      issuper: false,
      isPersonal: false,
      isadmin: false,
      isfront: false,
      url: '',
      img: '',
      message: '',
      session: '',
      username: '',
    });
    expect(refused.cookies['formsign-refresh']).toBe('');
  });

  it('cannot be renewed after logout or past its 30 days', async () => {
    const first = await server.signIn('demo.basic');
    await server.call('/logout', { token: first.token });
    expect((await server.call('/refresh', { body: { refresh_token: first.refreshToken } })).body.code).toBe(-1);
    const second = await server.signIn('demo.basic');
    server.clock.advance(31 * 24 * 60 * 60_000);
    expect((await server.call('/refresh', { body: { refresh_token: second.refreshToken } })).body.code).toBe(-1);
  });
});

describe('the envelope count', () => {
  it('is given to administrators whose form token is their own', async () => {
    const { token } = await server.signIn('demo.admin');
    const count = await server.call('/envelopes', { token, payload: `token=${token}`, contentType: 'application/x-www-form-urlencoded' });
    expect(count).toMatchObject({ status: 200, body: { unused: 312 } });
    const other = await server.signIn('demo.super');
    expect(
      (await server.call('/envelopes', { token, payload: `token=${other.token}`, contentType: 'application/x-www-form-urlencoded' })).status,
    ).toBe(401);
  });

  it('is refused to basic users', async () => {
    const { token } = await server.signIn('demo.basic');
    const refused = await server.call('/envelopes', { token, payload: `token=${token}`, contentType: 'application/x-www-form-urlencoded' });
    expect(refused).toMatchObject({ status: 403, body: { message: 'Only administrators can do this.' } });
  });
});
