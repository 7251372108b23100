/**
 * Asking for a new password and registering answer the same whether or not an account has
 * the address typed: only the mailbox learns it, from the mail its owner receives.
 */
import { describe, expect, it, vi } from 'vitest';
import { useTestServer } from './support/test-server.js';

let mailFails = false;
const server = useTestServer({ mailFails: () => mailFails });

const forgot = (email: string, ip: string) => server.call('/forgot-password', { body: { email }, ip });

const registration = {
  first_name: 'Iris',
  last_name: 'Novak',
  name: 'iris.novak',
  password: 'a-new-secret-9',
  company_name: 'Novak Lettings',
  pmachinename: '',
};

describe('asking for a new password', () => {
  it('answers a known and an unknown address alike (1, then 201), and mails only the account', async () => {
    const since = server.mail.length;
    const known = [await forgot('demo.basic@northwindcare.example', '10.60.0.1'), await forgot('demo.basic@northwindcare.example', '10.60.0.1')];
    const unknown = [await forgot('nobody@nowhere.example', '10.60.0.2'), await forgot('nobody@nowhere.example', '10.60.0.2')];
    expect(known.map((answer) => answer.body)).toEqual([
      { code: 1, message: '' },
      { code: 201, message: '' },
    ]);
    expect(unknown.map((answer) => answer.body)).toEqual(known.map((answer) => answer.body));
    expect(unknown.map((answer) => answer.status)).toEqual(known.map((answer) => answer.status));
    expect(server.mail.slice(since).map((mail) => [mail.to, mail.subject])).toEqual([
      ['demo.basic@northwindcare.example', 'Your formsign password reset'],
      ['demo.basic@northwindcare.example', 'Your formsign password reset'],
    ]);
  });

  it('answers a blocked account like any address, and mails it nothing', async () => {
    const since = server.mail.length;
    expect((await forgot('freya.wilson@northwindcare.example', '10.60.1.1')).body).toEqual({ code: 1, message: '' });
    expect(server.mail.length).toBe(since);
  });

  it('does not let a failing mail server tell a known address from an unknown one', async () => {
    mailFails = true;
    try {
      expect((await forgot('chloe.davies@northwindcare.example', '10.60.2.1')).body).toEqual({ code: 1, message: '' });
      expect((await forgot('nobody.else@nowhere.example', '10.60.2.2')).body).toEqual({ code: 1, message: '' });
    } finally {
      mailFails = false;
    }
    // The reset mail of the known address is tried again later, as every mail is.
    expect(server.failedJobs.splice(0).map((job) => job.name)).toEqual(['send-mail']);
  });

  it('answers -207, for every address alike, when the request cannot be passed on', async () => {
    const enqueue = vi.spyOn(server.ctx.jobs, 'enqueue').mockRejectedValue(new Error('The queue is not answering.'));
    try {
      expect((await forgot('ruby.scott@northwindcare.example', '10.60.3.1')).body).toEqual({ code: -207, message: '' });
      expect((await forgot('nobody.more@nowhere.example', '10.60.3.2')).body).toEqual({ code: -207, message: '' });
    } finally {
      enqueue.mockRestore();
    }
  });

  it('limits known and unknown addresses alike: -208 past five an hour', async () => {
    for (const email of ['maya.fischer@northwindcare.example', 'nobody.again@nowhere.example']) {
      const codes: number[] = [];
      for (let i = 0; i < 6; i += 1) codes.push((await forgot(email, `10.60.4.${i}`)).body.code);
      expect(codes, email).toEqual([1, 201, 201, 201, 201, -208]);
    }
  });
});

describe('registering', () => {
  it('answers an email address that has an account as it answers a new one, creates nothing, and mails the owner', async () => {
    const since = server.mail.length;
    const fresh = await server.call('/register', { body: { ...registration, email: 'iris.novak@novak.example' } });
    const taken = await server.call('/register', {
      body: { ...registration, name: 'iris.second', email: 'Demo.Admin@northwindcare.example', company_name: 'Taken Over Ltd' },
    });
    expect(fresh.body).toEqual({ code: 1, message: 'Thank you. Please check your email: we are sending the next step to the address you gave.' });
    expect(taken).toMatchObject({ status: fresh.status, body: fresh.body });

    const mails = server.mail.slice(since);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      ['iris.novak@novak.example', 'Activate your formsign account'],
      ['demo.admin@northwindcare.example', 'Someone tried to register with your email address'],
    ]);
    expect(mails[1]?.text).toContain('This address already has a formsign account (user name demo.admin)');
    expect(mails[1]?.text).toContain('If it was not you, you need do nothing');

    // Nothing was made for the second registration: its name does not sign in, and is still free.
    expect(
      (await server.call('/login', { body: { name: 'iris.second', password: registration.password, challenge: false }, ip: '10.61.0.1' })).body.code,
    ).toBe(0);
    const again = await server.call('/register', { body: { ...registration, name: 'iris.second', email: 'iris.second@novak.example' } });
    expect(again.body.code).toBe(1);
  });

  it('mails the owner of a taken address three times an hour at most, and answers the same every time', async () => {
    const since = server.mail.length;
    for (let i = 0; i < 5; i += 1) {
      const answer = await server.call('/register', {
        body: { ...registration, name: `iris.try${i}`, email: 'demo.personal@northwindcare.example' },
      });
      expect(answer.body.code).toBe(1);
    }
    expect(server.mail.slice(since).filter((mail) => mail.to === 'demo.personal@northwindcare.example')).toHaveLength(3);
  });

  it('refuses a login name that is taken (-2), whatever the email address, in words that speak of the name only', async () => {
    const refused = { code: -2, message: 'This user name is taken. Please choose another one.' };
    expect((await server.call('/register', { body: { ...registration, name: 'DEMO.BASIC', email: 'someone.new@example.org' } })).body).toEqual(
      refused,
    );
    expect(
      (await server.call('/register', { body: { ...registration, name: 'demo.basic', email: 'demo.admin@northwindcare.example' } })).body,
    ).toEqual(refused);
  });
});
