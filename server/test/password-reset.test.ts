import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/test-server.js';

let mailFails = false;
const server = useTestServer({ mailFails: () => mailFails });

const forgot = (email: string, ip = '127.0.0.1') => server.call('/forgot-password', { body: { email }, ip });

function resetLinkParts(text: string | undefined): { userId: string; timestamp: string; hashedPassword: string } {
  const match = /\/user\/reset\/(\d+)\/(\d+)\/([\w-]+)/.exec(text ?? '');
  if (!match) throw new Error(`No reset link in: ${text}`);
  return { userId: match[1] ?? '', timestamp: match[2] ?? '', hashedPassword: match[3] ?? '' };
}

describe('asking for a new password', () => {
  it('mails a reset link (1), and again on a repeat (201); past five an hour, -208', async () => {
    const sent = server.mail.length;
    expect((await forgot('demo.basic@northwindcare.example')).body).toEqual({ code: 1, message: '' });
    expect(server.mail[sent]).toMatchObject({ to: 'demo.basic@northwindcare.example', subject: 'Your formsign password reset' });
    expect((await forgot('DEMO.BASIC@northwindcare.example')).body.code).toBe(201);
    for (let i = 0; i < 3; i += 1) expect((await forgot('demo.basic@northwindcare.example')).body.code).toBe(201);
    expect((await forgot('demo.basic@northwindcare.example')).body.code).toBe(-208);
    server.clock.advance(61 * 60_000);
    expect((await forgot('demo.basic@northwindcare.example')).body.code).toBe(1);
  });

  it('answers an unknown email as a known one (1, then 201), and mails nothing', async () => {
    const sent = server.mail.length;
    expect((await forgot('nobody@nowhere.example')).body).toEqual({ code: 1, message: '' });
    expect((await forgot('nobody@nowhere.example')).body).toEqual({ code: 201, message: '' });
    expect(server.mail.length).toBe(sent);
  });

  it('answers 1 when the email cannot be sent yet: the mail is tried again later', async () => {
    mailFails = true;
    try {
      expect((await forgot('ruby.scott@northwindcare.example')).body.code).toBe(1);
    } finally {
      mailFails = false;
    }
    expect(server.failedJobs.splice(0).map((job) => job.name)).toEqual(['send-mail']);
  });
});

describe('setting the new password from the link', () => {
  it('changes the password, ends every session, and works once (-3 after)', async () => {
    const session = await server.signIn('demo.personal');
    const sent = server.mail.length;
    await forgot('demo.personal@northwindcare.example', '10.9.0.1');
    const parts = resetLinkParts(server.mail[sent]?.text);
    const set = await server.call('/set-new-password', { body: { ...parts, password: 'a-brand-new-secret' } });
    expect(set.body).toEqual({ code: 1, message: 'Your new password has been saved. You can log in now.' });
    expect((await server.call('/user', { method: 'GET', token: session.token })).status).toBe(401);
    expect((await server.call('/login', { body: { name: 'demo.personal', password: 'formsign-demo', challenge: false } })).body.code).toBe(0);
    await server.signIn('demo.personal', 'a-brand-new-secret');
    const again = await server.call('/set-new-password', { body: { ...parts, password: 'another-secret-1' } });
    expect(again.body).toEqual({ code: -3, message: '' });
  });

  it('expires after an hour (-5)', async () => {
    const sent = server.mail.length;
    await forgot('chloe.davies@northwindcare.example', '10.9.0.2');
    const parts = resetLinkParts(server.mail[sent]?.text);
    server.clock.advance(61 * 60_000);
    expect((await server.call('/set-new-password', { body: { ...parts, password: 'a-brand-new-secret' } })).body.code).toBe(-5);
  });

  it('answers -6 to a link that does not match its account, and -1 with the reason to a short password', async () => {
    const sent = server.mail.length;
    await forgot('maya.fischer@northwindcare.example', '10.9.0.3');
    const parts = resetLinkParts(server.mail[sent]?.text);
    expect(
      (
        await server.call('/set-new-password', {
          body: { ...parts, hashedPassword: `${parts.hashedPassword.slice(0, -2)}xx`, password: 'a-brand-new-secret' },
        })
      ).body.code,
    ).toBe(-6);
    expect((await server.call('/set-new-password', { body: { ...parts, userId: '1', password: 'a-brand-new-secret' } })).body.code).toBe(-6);
    expect((await server.call('/set-new-password', { body: { ...parts, password: 'short' } })).body).toEqual({
      code: -1,
      message: 'Your password must be at least 8 characters long.',
    });
  });
});
