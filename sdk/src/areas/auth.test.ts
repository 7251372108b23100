import { describe, expect, it } from 'vitest';
import { fakeClient, json, rejection } from '../../test/support/fake-fetch.js';
import { activateTexts, forgotPasswordTexts, loginTexts, registerTexts, setNewPasswordTexts, unexpected } from '../../test/support/texts.js';
import { appCodes } from '../generated/app-codes.js';

const failed = { token: '', issuper: false, isPersonal: false, isadmin: false, isfront: false, url: '', img: '', session: '', username: '' };
const loggedIn = { ...failed, code: 1, token: 'a.b.c', message: '', session: 'sess_1', username: 'Olivia Bennett' };

/** The failing codes of an operation's table. */
function failingCodes(operation: keyof typeof appCodes): string[] {
  return Object.entries(appCodes[operation])
    .filter(([, { outcome }]) => outcome === 'failure')
    .map(([code]) => code);
}

describe('auth.login', () => {
  it('sends the name, the password and challenge false, and answers the body and the session headers', async () => {
    const headers = { 'access-token': 'at.1', 'id-token': 'it.1', 'refresh-token': 'rt.1' };
    const { client, server } = fakeClient(() => json(loggedIn, 200, headers));
    const result = await client.auth.login({ name: 'olivia.bennett', password: 'secret' });
    expect(await server.last().json()).toEqual({ name: 'olivia.bennett', password: 'secret', challenge: false });
    expect(server.last().url).toBe('http://formsign.test/api/login');
    expect(result).toEqual({ body: loggedIn, headers: { accessToken: 'at.1', idToken: 'it.1', refreshToken: 'rt.1' } });
  });

  it('answers null for session headers that are absent', async () => {
    const { client } = fakeClient(() => json(loggedIn));
    expect((await client.auth.login({ name: 'n', password: 'p' })).headers).toEqual({ accessToken: null, idToken: null, refreshToken: null });
  });

  it('returns code 1 as success even when the token cannot be decoded (that is the auth flow’s job)', async () => {
    const { client } = fakeClient(() => json({ ...loggedIn, token: 'not-a-jwt' }));
    expect((await client.auth.login({ name: 'n', password: 'p' })).body.token).toBe('not-a-jwt');
  });

  it('covers every failing login code of the contract', () => {
    expect(failingCodes('login').sort()).toEqual(Object.keys(loginTexts).sort());
  });

  it.each(Object.entries(loginTexts))('code %s without a message reads its table text', async (code, text) => {
    const { client } = fakeClient(() => json({ ...failed, code: Number(code), message: '' }));
    expect(await rejection(client.auth.login({ name: 'n', password: 'p' }))).toMatchObject({ status: 200, code: Number(code), message: text });
  });

  it.each(Object.keys(loginTexts))("code %s with a message reads the server's message", async (code) => {
    const { client } = fakeClient(() => json({ ...failed, code: Number(code), message: 'Blocked by Northwind Care Ltd.' }));
    expect(await rejection(client.auth.login({ name: 'n', password: 'p' }))).toMatchObject({
      code: Number(code),
      message: 'Blocked by Northwind Care Ltd.',
    });
  });

  it('an unknown code reads the server message, else the unexpected text', async () => {
    const withMessage = fakeClient(() => json({ ...failed, code: 7, message: 'Odd.' }));
    expect(await rejection(withMessage.client.auth.login({ name: 'n', password: 'p' }))).toMatchObject({ code: 7, message: 'Odd.' });
    const without = fakeClient(() => json({ ...failed, code: 7, message: '' }));
    expect(await rejection(without.client.auth.login({ name: 'n', password: 'p' }))).toMatchObject({ code: 7, message: unexpected });
  });
});

describe('auth.forgotPassword', () => {
  it.each([1, 201])('code %i is success', async (code) => {
    const { client, server } = fakeClient(() => json({ code, message: '' }));
    await expect(client.auth.forgotPassword({ email: 'olivia@northwind.example' })).resolves.toEqual({ code, message: '' });
    expect(await server.last().json()).toEqual({ email: 'olivia@northwind.example' });
  });

  it('covers every failing code of the contract', () => {
    expect(failingCodes('forgotPassword').sort()).toEqual(Object.keys(forgotPasswordTexts).sort());
  });

  it.each(Object.entries(forgotPasswordTexts))('code %s reads %j', async (code, text) => {
    const { client } = fakeClient(() => json({ code: Number(code), message: 'server text is not shown' }));
    expect(await rejection(client.auth.forgotPassword({ email: 'e' }))).toMatchObject({ status: 200, code: Number(code), message: text });
  });
});

describe('auth.setNewPassword', () => {
  it('sends the link values and the password; code 1 is success', async () => {
    const { client, server } = fakeClient(() => json({ code: 1, message: '' }));
    const body = { userId: '1001', timestamp: '1795000000', hashedPassword: '9b2e', password: 'better' };
    await expect(client.auth.setNewPassword(body)).resolves.toEqual({ code: 1, message: '' });
    expect(await server.last().json()).toEqual(body);
  });

  it('covers every failing code of the contract', () => {
    expect(failingCodes('setNewPassword').sort()).toEqual(Object.keys(setNewPasswordTexts).sort());
  });

  it.each(Object.entries(setNewPasswordTexts))('code %s reads %j', async (code, text) => {
    const { client } = fakeClient(() => json({ code: Number(code), message: '' }));
    const error = await rejection(client.auth.setNewPassword({ userId: '1', timestamp: '2', hashedPassword: '3', password: '4' }));
    expect(error).toMatchObject({ status: 200, code: Number(code), message: text });
  });
});

describe('auth.register and auth.activate', () => {
  const registration = {
    first_name: 'Grace',
    last_name: 'Okafor',
    email: 'grace@harbour.example',
    name: 'grace',
    password: 'long-secret',
    company_name: 'Harbour Homes',
  };

  it('code 1 is success', async () => {
    const { client, server } = fakeClient(() => json({ code: 1, message: 'Created.' }));
    await expect(client.auth.register(registration)).resolves.toEqual({ code: 1, message: 'Created.' });
    expect(await server.last().json()).toEqual(registration);
    await expect(client.auth.activate({ key: 'abc' })).resolves.toEqual({ code: 1, message: 'Created.' });
    expect(await server.last().json()).toEqual({ key: 'abc' });
  });

  it('covers every failing code of the contract', () => {
    expect(failingCodes('register').sort()).toEqual(Object.keys(registerTexts).sort());
    expect(failingCodes('activate').sort()).toEqual(Object.keys(activateTexts).sort());
  });

  it.each(Object.entries(registerTexts))('register code %s reads %j', async (code, text) => {
    const { client } = fakeClient(() => json({ code: Number(code), message: '' }));
    expect(await rejection(client.auth.register(registration))).toMatchObject({ status: 200, code: Number(code), message: text });
  });

  it.each(Object.entries(activateTexts))('activate code %s reads %j', async (code, text) => {
    const { client } = fakeClient(() => json({ code: Number(code), message: '' }));
    expect(await rejection(client.auth.activate({ key: 'k' }))).toMatchObject({ status: 200, code: Number(code), message: text });
  });
});

describe('auth.logout', () => {
  it('posts with the token and answers the body', async () => {
    const { client, server } = fakeClient(() => json({ code: 1, message: 'Signed out.' }));
    await expect(client.auth.logout()).resolves.toEqual({ code: 1, message: 'Signed out.' });
    expect(server.last().method).toBe('POST');
    expect(server.last().headers.get('Authorization')).toMatch(/^Bearer /);
  });
});
