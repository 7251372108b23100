import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();

const registration = {
  first_name: 'Grace',
  last_name: 'Adeyemi',
  email: 'grace.adeyemi@riverlane.example',
  name: 'grace.adeyemi',
  password: 'a-new-secret-9',
  company_name: 'Riverlane Lettings',
  pmachinename: 'northpartners',
};

function linkIn(text: string | undefined): string {
  const link = /https?:\/\/\S+/.exec(text ?? '')?.[0];
  if (!link) throw new Error(`No link in: ${text}`);
  return link;
}

describe('registering an organisation', () => {
  it('creates it with its administrator, mails an activation link that works once, and then the administrator signs in', async () => {
    const sent = server.mail.length;
    const answer = await server.call('/register', { body: registration });
    expect(answer.body).toEqual({ code: 1, message: 'Thank you. Please check your email: we are sending the next step to the address you gave.' });
    expect((await server.call('/login', { body: { name: registration.name, password: registration.password, challenge: false } })).body.code).toBe(
      -1,
    );

    const mail = server.mail[sent];
    expect(mail).toMatchObject({ to: registration.email, subject: 'Activate your formsign account' });
    const link = new URL(linkIn(mail?.text));
    expect(link.pathname).toBe('/activate');
    const key = link.searchParams.get('key') ?? '';
    expect((await server.call('/activate', { body: { key } })).body).toEqual({ code: 1, message: 'Your account is active. You can log in now.' });
    expect((await server.call('/activate', { body: { key } })).body.code).toBe(-3);

    const session = await server.signIn(registration.name, registration.password);
    const account = await server.call('/user', { method: 'GET', token: session.token });
    expect(account.body).toMatchObject({
      user: { name: 'grace.adeyemi', role: 'admin', first_name: 'Grace' },
      company: { name: 'Riverlane Lettings', unused_envelopes: 10 },
    });
  });

  it('refuses a name that is taken (-2), whatever the case; an email that is taken is answered as a new one (1), and nothing is made', async () => {
    expect((await server.call('/register', { body: { ...registration, name: 'DEMO.ADMIN', email: 'someone.new@example.org' } })).body.code).toBe(-2);
    expect(
      (await server.call('/register', { body: { ...registration, name: 'someone.new', email: 'Demo.Admin@northwindcare.example' } })).body.code,
    ).toBe(1);
    expect((await server.call('/login', { body: { name: 'someone.new', password: registration.password, challenge: false } })).body.code).toBe(0);
  });

  it('refuses a login name with spaces or symbols (-1), and a bad email or short password (400)', async () => {
    expect((await server.call('/register', { body: { ...registration, name: 'grace a', email: 'g2@riverlane.example' } })).body).toEqual({
      code: -1,
      message: 'Parameter failed.',
    });
    const bad = await server.call('/register', { body: { ...registration, name: 'g.three', email: 'not-an-email', password: 'short' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Some of the values sent are not valid: email, password.');
  });

  it('answers -1 to an activation key that is made up or changed', async () => {
    expect((await server.call('/activate', { body: { key: 'nothing' } })).body.code).toBe(-1);
    expect((await server.call('/activate', { body: { key: '1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } })).body.code).toBe(-1);
  });
});
