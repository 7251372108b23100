/**
 * A person's email address is theirs only once they have followed the link mailed to it:
 * changing it (or the password) needs the current password, the old address is told, and the
 * link works once, for a day, and only while it is the latest change asked for.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import type { MailMessage } from '../src/mail/mailer.js';
import { fixturePassword, otherCompany } from './support/fixtures.js';
import { useTestServer } from './support/test-server.js';

let mailFails = false;
const server = useTestServer({ mailFails: () => mailFails });

const login = (name: string, password: string, ip = '127.0.0.1') => server.call('/login', { body: { name, password, challenge: false }, ip });
const saveProfile = (token: string, data: Record<string, unknown>) => server.call('/user', { method: 'PUT', token, body: { data } });
const profile = async (token: string) => (await server.call('/user', { method: 'GET', token })).body.user;
const confirm = (key: string) => server.call('/confirm-email', { body: { key } });

function mailsTo(address: string, since: number): MailMessage[] {
  return server.mail.slice(since).filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
}

/** The key of the confirmation link in the one mail sent to `address` since `since`. */
function confirmationKey(address: string, since: number): string {
  const [mail] = mailsTo(address, since);
  const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`No link was mailed to ${address}: ${mail?.text}`);
  const url = new URL(link);
  expect(url.pathname).toBe('/confirm-email');
  return url.searchParams.get('key') ?? '';
}

const colleague = 'formsign-demo-colleague';
const wrongPasswordText = 'Your current password is not correct.';
const passwordNeededText = 'Please enter your current password to change your email address or your password.';

describe('changing the email address', () => {
  it('keeps the old address until the link mailed to the new one is followed, and tells the old address', async () => {
    // The attack this closes: an administrator of another organisation takes an address a
    // Northwind form was sent to. The address is not theirs until its mailbox says so.
    const { token } = await server.signIn(otherCompany.admin, fixturePassword);
    const since = server.mail.length;
    const asked = await saveProfile(token, { email: 'margaret.ellis@mail.example', current_password: fixturePassword });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(
      'We have emailed a link to margaret.ellis@mail.example. Your email address changes when the link is followed, within 24 hours; until then it stays grace.okafor@harbourhomes.example.',
    );
    expect(asked.body.user).toMatchObject({ email: 'grace.okafor@harbourhomes.example', pending_email: 'margaret.ellis@mail.example' });
    expect(await profile(token)).toMatchObject({ email: 'grace.okafor@harbourhomes.example', pending_email: 'margaret.ellis@mail.example' });

    // Nothing signs in with the address asked for; the old one still does.
    expect((await login('margaret.ellis@mail.example', fixturePassword)).body.code).toBe(0);
    expect((await login('grace.okafor@harbourhomes.example', fixturePassword)).body.code).toBe(1);

    expect(mailsTo('margaret.ellis@mail.example', since)).toMatchObject([{ subject: 'Confirm your new formsign email address' }]);
    const [notice] = mailsTo('grace.okafor@harbourhomes.example', since);
    expect(notice).toMatchObject({ subject: 'Your formsign email address is being changed' });
    expect(notice?.text).toContain('margaret.ellis@mail.example');
    expect(notice?.text).toContain('If it was not you, log in and change your password');
    expect(notice?.link).toBeUndefined();
  });

  it('takes effect when the link is followed: the new address signs in, the old one no longer does, and the link works once', async () => {
    const { token } = await server.signIn('demo.basic');
    const since = server.mail.length;
    expect((await saveProfile(token, { email: 'Liam.Carter@new-mail.example', current_password: 'formsign-demo' })).status).toBe(200);
    const key = confirmationKey('Liam.Carter@new-mail.example', since);

    const confirmed = await confirm(key);
    expect(confirmed.body).toEqual({ code: 1, message: 'Your email address has been changed. Use the new address to log in from now on.' });
    expect(await profile(token)).toMatchObject({ email: 'Liam.Carter@new-mail.example', pending_email: null });
    expect((await login('liam.carter@new-mail.example', 'formsign-demo')).body.code).toBe(1);
    expect((await login('demo.basic@northwindcare.example', 'formsign-demo')).body.code).toBe(0);

    expect((await confirm(key)).body).toEqual({ code: -3, message: 'This link has been used already: your email address is already changed.' });
  });

  it('answers a link superseded by a later change with -4, and the later link works', async () => {
    const { token } = await server.signIn('demo.personal');
    const since = server.mail.length;
    await saveProfile(token, { email: 'first.choice@mail.example', current_password: 'formsign-demo' });
    const first = confirmationKey('first.choice@mail.example', since);
    server.clock.advance(2_000);
    await saveProfile(token, { email: 'second.choice@mail.example', current_password: 'formsign-demo' });
    const second = confirmationKey('second.choice@mail.example', since);

    const superseded = {
      code: -4,
      message:
        'This link no longer works: a later change of email address was asked for, or the password was changed. Please ask again from My Account.',
    };
    expect((await confirm(first)).body).toEqual(superseded);
    expect((await profile(token)).pending_email).toBe('second.choice@mail.example');
    expect((await confirm(second)).body.code).toBe(1);
    expect((await profile(token)).email).toBe('second.choice@mail.example');
    // Once the later change is done, the earlier link still changes nothing.
    expect((await confirm(first)).body).toEqual(superseded);
  });

  it('answers an expired link with -5, after 24 hours', async () => {
    const { token } = await server.signIn('demo.super');
    const since = server.mail.length;
    await saveProfile(token, { email: 'late.reader@mail.example', current_password: 'formsign-demo' });
    const key = confirmationKey('late.reader@mail.example', since);
    server.clock.advance(24 * 60 * 60_000 + 60_000);
    expect((await confirm(key)).body).toEqual({
      code: -5,
      message: 'This link has expired. Please change your email address again from My Account.',
    });
    expect((await profile((await server.signIn('demo.super')).token)).email).toBe('demo.super@northwindcare.example');
  });

  it('refuses, when the link is followed, an address another account has taken since (-2)', async () => {
    const { token } = await server.signIn('ruby.scott', colleague);
    const since = server.mail.length;
    await saveProfile(token, { email: 'shared.inbox@mail.example', current_password: colleague });
    const key = confirmationKey('shared.inbox@mail.example', since);
    await server.database.db.update(users).set({ email: 'Shared.Inbox@mail.example' }).where(eq(users.name, 'chloe.davies'));
    expect((await confirm(key)).body).toEqual({
      code: -2,
      message: 'This email address is now used by another account, so your email address was not changed.',
    });
    expect((await profile(token)).email).toBe('ruby.scott@northwindcare.example');
  });

  it('answers the same for an address another account uses: the link goes to that mailbox, which is refused when it follows it', async () => {
    const { token } = await server.signIn('maya.fischer', colleague);
    const since = server.mail.length;
    const asked = await saveProfile(token, { email: 'DEMO.ADMIN@northwindcare.example', current_password: colleague });
    expect(asked.status).toBe(200);
    expect(asked.body.user.pending_email).toBe('DEMO.ADMIN@northwindcare.example');
    const key = confirmationKey('demo.admin@northwindcare.example', since);
    expect((await confirm(key)).body.code).toBe(-2);
    expect((await login('demo.admin@northwindcare.example', 'formsign-demo')).body.username).toBe('Olivia Bennett');
  });

  it('answers -1 to a key that is made up or changed', async () => {
    expect((await confirm('nothing')).body).toEqual({ code: -1, message: 'This link is not valid. Please use the link from your email as it is.' });
    const { token } = await server.signIn('demo.admin');
    const since = server.mail.length;
    await saveProfile(token, { email: 'olivia.elsewhere@mail.example', current_password: 'formsign-demo' });
    const key = confirmationKey('olivia.elsewhere@mail.example', since);
    const [id, timestamp, address, mac] = key.split('.');
    const otherAddress = Buffer.from('attacker@mail.example').toString('base64url');
    expect((await confirm([id, timestamp, otherAddress, mac].join('.'))).body.code).toBe(-1);
    expect((await confirm([id, Number(timestamp) + 1, address, mac].join('.'))).body.code).toBe(-1);
    expect((await confirm([Number(id) + 1, timestamp, address, mac].join('.'))).body.code).toBe(-1);
    expect((await profile(token)).email).toBe('demo.admin@northwindcare.example');
  });

  it('is cancelled by a new password: the link then answers -4', async () => {
    const { token } = await server.signIn('ethan.wright', colleague);
    const since = server.mail.length;
    await saveProfile(token, { email: 'ethan.moves@mail.example', current_password: colleague });
    const key = confirmationKey('ethan.moves@mail.example', since);
    expect((await saveProfile(token, { password: 'a-newer-secret-1', current_password: colleague })).status).toBe(200);
    expect((await profile(token)).pending_email).toBeNull();
    expect((await confirm(key)).body.code).toBe(-4);
  });

  it('keeps the address, and says so, when the link cannot be mailed', async () => {
    const { token } = await server.signIn('demo.admin');
    mailFails = true;
    try {
      const failed = await saveProfile(token, { email: 'olivia.new@mail.example', current_password: 'formsign-demo' });
      expect(failed).toMatchObject({
        status: 500,
        body: {
          error:
            'The link to confirm your new email address could not be sent, so your email address was not changed. Please try again in a few minutes.',
        },
      });
    } finally {
      mailFails = false;
    }
    expect(await profile(token)).toMatchObject({ email: 'demo.admin@northwindcare.example', pending_email: null });
  });
});

describe('the current password', () => {
  it('is needed to change the email address or the password, and nothing changes without it', async () => {
    const { token } = await server.signIn(otherCompany.basic, fixturePassword);
    const since = server.mail.length;
    expect(await saveProfile(token, { email: 'tom.new@mail.example' })).toMatchObject({ status: 400, body: { error: passwordNeededText } });
    expect(await saveProfile(token, { password: 'a-newer-secret-1' })).toMatchObject({ status: 400, body: { error: passwordNeededText } });
    expect(await saveProfile(token, { email: 'tom.new@mail.example', current_password: 'not-my-password' })).toMatchObject({
      status: 400,
      body: { error: wrongPasswordText },
    });
    expect(await saveProfile(token, { password: 'a-newer-secret-1', current_password: 'not-my-password' })).toMatchObject({
      status: 400,
      body: { error: wrongPasswordText },
    });
    expect(await profile(token)).toMatchObject({ email: 'tom.reid@harbourhomes.example', pending_email: null });
    expect((await login(otherCompany.basic, fixturePassword, '10.40.0.1')).body.code).toBe(1);
    expect(server.mail.length).toBe(since);
  });

  it('is not needed for the other details, nor when the address sent is the current one', async () => {
    const { token } = await server.signIn('chloe.davies', colleague);
    const saved = await saveProfile(token, {
      first_name: 'Chloe',
      last_name: 'Davies-Grey',
      phone: '+44 117 496 0000',
      email: 'Shared.Inbox@mail.example',
    });
    expect(saved.body).toMatchObject({
      message: 'Your details have been saved.',
      user: { last_name: 'Davies-Grey', email: 'Shared.Inbox@mail.example', pending_email: null },
    });
  });

  it('counts a wrong one against the sign-in lockout of the account', async () => {
    const { token } = await server.signIn('demo.super');
    for (let i = 0; i < 3; i += 1)
      expect((await saveProfile(token, { password: 'a-newer-secret-1', current_password: `guess-${i}` })).body.error).toBe(wrongPasswordText);
    for (let i = 0; i < 2; i += 1) expect((await login('demo.super@northwindcare.example', `guess-${i}`, `10.41.0.${i}`)).body.code).toBe(0);
    // Five wrong passwords in all: the right one no longer works, here or to sign in.
    expect(await saveProfile(token, { password: 'a-newer-secret-1', current_password: 'formsign-demo' })).toMatchObject({
      status: 400,
      body: { error: 'Attempt limit exceeded, please try after some time.' },
    });
    expect((await login('demo.super', 'formsign-demo', '10.41.0.9')).body.code).toBe(-208);
    server.clock.advance(16 * 60_000);
    expect((await saveProfile(token, { password: 'a-newer-secret-1', current_password: 'formsign-demo' })).status).toBe(200);
  });

  it('changes the password when right, ending the other sessions but not this one', async () => {
    const here = await server.signIn('demo.personal');
    const elsewhere = await server.signIn('demo.personal');
    expect((await saveProfile(here.token, { password: 'sophie-secret-2', current_password: 'formsign-demo' })).status).toBe(200);
    expect((await server.call('/user', { method: 'GET', token: here.token })).status).toBe(200);
    expect((await server.call('/user', { method: 'GET', token: elsewhere.token })).status).toBe(401);
    await server.signIn('demo.personal', 'sophie-secret-2');
  });
});

describe('the pending address', () => {
  it('is kept in the database only as asked, never as the account address', async () => {
    const { token } = await server.signIn(otherCompany.basic, fixturePassword);
    await saveProfile(token, { email: 'tom.pending@mail.example', current_password: fixturePassword });
    const [row] = await server.database.db
      .select({ email: users.email, pending: users.pendingEmail })
      .from(users)
      .where(sql`lower(${users.name}) = ${otherCompany.basic}`);
    expect(row).toEqual({ email: 'tom.reid@harbourhomes.example', pending: 'tom.pending@mail.example' });
  });

  it('is asked for at most five times an hour by one account, so nobody can flood an address with links', async () => {
    const { token } = await server.signIn(otherCompany.admin, fixturePassword);
    const since = server.mail.length;
    // The first test of this file asked once already.
    for (let i = 0; i < 4; i += 1)
      expect((await saveProfile(token, { email: `flood.${i}@mail.example`, current_password: fixturePassword })).status).toBe(200);
    const refused = await saveProfile(token, { email: 'flood.9@mail.example', current_password: fixturePassword });
    expect(refused).toMatchObject({
      status: 400,
      body: { error: 'You have asked to change your email address five times in the last hour. Please try again later.' },
    });
    expect(mailsTo('flood.9@mail.example', since)).toEqual([]);
    expect((await profile(token)).pending_email).toBe('flood.3@mail.example');
  });

  it('is confirmed once when its link is followed twice at once', async () => {
    const { token } = await server.signIn('ruby.scott', colleague);
    const since = server.mail.length;
    await saveProfile(token, { email: 'ruby.new@mail.example', current_password: colleague });
    const key = confirmationKey('ruby.new@mail.example', since);
    const codes = (await Promise.all([confirm(key), confirm(key), confirm(key)])).map((answer) => answer.body.code).sort();
    expect(codes).toEqual([-3, -3, 1]);
    expect((await profile(token)).email).toBe('ruby.new@mail.example');
  });
});
