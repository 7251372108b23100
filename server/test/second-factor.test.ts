import { describe, expect, it } from 'vitest';
import { base32Decode, hotp, totpCode, totpStep } from '../src/auth/totp.js';
import { fixturePassword, fixtureTotpSecret } from './support/fixtures.js';
import { useTestServer } from './support/test-server.js';

let mailFails = false;
const server = useTestServer({ mailFails: () => mailFails });

const login = (name: string, password: string) => server.call('/login', { body: { name, password, challenge: false } });
const secondFactor = (body: Record<string, unknown>) => server.call('/login-mfa', { body });

describe('two-factor sign-in with an authenticator app', () => {
  it('asks for the code after the right password (code 2), then signs in with it', async () => {
    const first = await login('totp.user', fixturePassword);
    expect(first.body).toMatchObject({ code: 2, token: '', mfa: { method: 'totp', email: 't•••@northwindcare.example', setup: null } });
    expect(first.headers['access-token']).toBeUndefined();
    const done = await secondFactor({ ticket: first.body.mfa.ticket, action: 'verify', code: totpCode(fixtureTotpSecret, server.clock.now()) });
    expect(done.body).toMatchObject({ code: 1, username: 'Tess Otp' });
    expect(done.headers['access-token']).toBe(done.body.token);
    // The ticket works once.
    expect((await secondFactor({ ticket: first.body.mfa.ticket, action: 'verify', code: '000000' })).body.code).toBe(-1);
  });

  it('refuses a wrong code (-3), a code used before, and ends the ticket after five wrong codes (-208)', async () => {
    const first = await login('totp.user', fixturePassword);
    const ticket = first.body.mfa.ticket;
    const right = totpCode(fixtureTotpSecret, server.clock.now());
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 4; i += 1) expect((await secondFactor({ ticket, action: 'verify', code: wrong })).body.code).toBe(-3);
    expect((await secondFactor({ ticket, action: 'verify', code: wrong })).body.code).toBe(-208);
    expect((await secondFactor({ ticket, action: 'verify', code: right })).body.code).toBe(-1);
  });

  it('does not take the same app code twice', async () => {
    server.clock.advance(90_000);
    const code = totpCode(fixtureTotpSecret, server.clock.now());
    const first = await login('totp.user', fixturePassword);
    expect((await secondFactor({ ticket: first.body.mfa.ticket, action: 'verify', code })).body.code).toBe(1);
    const second = await login('totp.user', fixturePassword);
    expect((await secondFactor({ ticket: second.body.mfa.ticket, action: 'verify', code })).body.code).toBe(-3);
  });

  it('lets a ticket expire after 10 minutes', async () => {
    const first = await login('totp.user', fixturePassword);
    server.clock.advance(11 * 60_000);
    expect(
      (await secondFactor({ ticket: first.body.mfa.ticket, action: 'verify', code: totpCode(fixtureTotpSecret, server.clock.now()) })).body.code,
    ).toBe(-1);
  });
});

describe('a code by email, the fallback', () => {
  it('mails a 6-digit code (code 2, method email) that signs the person in once', async () => {
    const first = await login('totp.user', fixturePassword);
    const sent = server.mail.length;
    const emailed = await secondFactor({ ticket: first.body.mfa.ticket, action: 'email' });
    expect(emailed.body).toMatchObject({ code: 2, mfa: { method: 'email', ticket: first.body.mfa.ticket } });
    const message = server.mail[sent];
    expect(message?.to).toBe('totp.user@northwindcare.example');
    const code = /is (\d{6})\b/.exec(message?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect((await secondFactor({ ticket: first.body.mfa.ticket, action: 'verify', code })).body.code).toBe(1);
  });

  it('says a code was sent only once the mail server took it (-207 when it refused, nothing queued)', async () => {
    const first = await login('totp.user', fixturePassword);
    const sent = server.mail.length;
    mailFails = true;
    try {
      expect((await secondFactor({ ticket: first.body.mfa.ticket, action: 'email' })).body.code).toBe(-207);
    } finally {
      mailFails = false;
    }
    expect(server.mail.length).toBe(sent);
    expect(server.failedJobs.splice(0)).toEqual([]);
  });
});

describe('setting two-factor sign-in up', () => {
  it('asks a person whose administrator turned mfa on, with no app yet, to set one up (code 3), then asks for the app next time', async () => {
    const first = await login('amelia.hughes', 'formsign-demo-colleague');
    expect(first.body).toMatchObject({ code: 3, mfa: { method: 'totp' } });
    const { secret, uri, qr } = first.body.mfa.setup;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const done = await secondFactor({ ticket: first.body.mfa.ticket, action: 'verify', code: totpCode(secret, server.clock.now()) });
    expect(done.body.code).toBe(1);

    server.clock.advance(60_000);
    const next = await login('amelia.hughes', 'formsign-demo-colleague');
    expect(next.body).toMatchObject({ code: 2, mfa: { setup: null } });
    expect((await secondFactor({ ticket: next.body.mfa.ticket, action: 'verify', code: totpCode(secret, server.clock.now()) })).body.code).toBe(1);
  });

  it('makes a person set it up when forced (mfa command 3), after which mfa is on and no longer forced', async () => {
    const admin = await server.signIn('demo.admin');
    const users = await server.call('/users', { token: admin.token, body: { filters: { search: 'ethan.wright' } } });
    const ethan = users.body.data[0];
    expect(
      (await server.call('/users-commands', { token: admin.token, body: { id: ethan.id, email: ethan.email, type: 'mfa', value: 3 } })).body.code,
    ).toBe(1);

    const first = await login('ethan.wright', 'formsign-demo-colleague');
    expect(first.body.code).toBe(3);
    const secret = first.body.mfa.setup.secret as string;
    expect((await secondFactor({ ticket: first.body.mfa.ticket, action: 'verify', code: totpCode(secret, server.clock.now()) })).body.code).toBe(1);
    const after = await server.call('/users', { token: admin.token, body: { filters: { search: 'ethan.wright' } } });
    expect(after.body.data[0]).toMatchObject({ mfa: 1, force_mfa: 'No' });
  });
});

describe('the one-time password algorithm', () => {
  it('makes the RFC 6238 test codes', () => {
    // RFC 6238 appendix B, SHA-1, truncated to 6 digits.
    const secret = Buffer.from('12345678901234567890');
    expect(hotp(secret, totpStep(new Date(59_000)))).toBe('287082');
    expect(hotp(secret, totpStep(new Date(1_111_111_109_000)))).toBe('081804');
    expect(hotp(secret, totpStep(new Date(2_000_000_000_000)))).toBe('279037');
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').toString()).toBe('12345678901234567890');
  });
});
