import { describe, expect, it } from 'vitest';
import { otherCompany } from './support/fixtures.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

async function findUser(token: string, search: string): Promise<Json> {
  const page = await server.call('/users', { token, body: { filters: { search } } });
  return page.body.data[0];
}

describe("the company's users", () => {
  it("are listed a page at a time, searched and filtered by status, only from the caller's company", async () => {
    const { token } = await server.signIn('demo.admin');
    const first = await server.call('/users', { token, body: { page: 1, limit: 5 } });
    expect(first.body).toMatchObject({ page: 1, limit: 5, total: 13 });
    expect(first.body.data).toHaveLength(5);
    const second = await server.call('/users', { token, body: { page: 3, limit: 5 } });
    expect(second.body.data).toHaveLength(3);
    const all = [...first.body.data, ...(await server.call('/users', { token, body: { page: 2, limit: 5 } })).body.data, ...second.body.data];
    expect(all.map((row: { email: string }) => row.email)).not.toContain('grace.okafor@harbourhomes.example');
    const blocked = await server.call('/users', { token, body: { filters: { status: 'blocked' } } });
    expect(blocked.body.data.map((row: { email: string }) => row.email)).toEqual(['freya.wilson@northwindcare.example']);
    const invited = await server.call('/users', { token, body: { filters: { status: 'invited' } } });
    expect(invited.body.data.map((row: { email: string }) => row.email)).toEqual(
      expect.arrayContaining(['daniel.murphy@northwindcare.example', 'not.active@northwindcare.example']),
    );
    expect(await findUser(token, 'Hughes')).toMatchObject({
      email: 'amelia.hughes@northwindcare.example',
      mfa: 1,
      force_mfa: 'No',
      class: 'Manager',
      unit: ['Riverside House'],
      status: 'active',
    });
  });

  it('are not for basic users (403)', async () => {
    const { token } = await server.signIn('demo.basic');
    expect((await server.call('/users', { token, body: {} })).status).toBe(403);
  });
});

describe('inviting people', () => {
  it('answers one code per person, mails each new person a link that sets their password and activates them', async () => {
    const { token } = await server.signIn('demo.admin');
    const sent = server.mail.length;
    const answer = await server.call('/invite', {
      token,
      body: {
        users: [
          { email: 'nina.kowalski@northwindcare.example', first_name: 'Nina', last_name: 'Kowalski', class: 'Staff' },
          { email: 'AMELIA.HUGHES@northwindcare.example', first_name: 'Amelia', last_name: 'Hughes', class: 'Staff' },
          { email: 'not-an-email', first_name: '', last_name: '', class: 'Staff' },
        ],
      },
    });
    expect(answer.body).toEqual({ results: [1, -2, -1] });
    expect(server.mail.length).toBe(sent + 1);
    const mail = server.mail[sent];
    expect(mail).toMatchObject({ to: 'nina.kowalski@northwindcare.example', subject: 'Olivia Bennett invited you to formsign' });
    // What to type in the login page's Name field: the address, or the user name the account was given.
    expect(mail?.text).toContain(
      'To log in, type this email address (nina.kowalski@northwindcare.example) or your user name, nina.kowalski, in the Name field',
    );
    expect(await findUser(token, 'nina.kowalski')).toMatchObject({ status: 'invited', class: 'Staff' });

    const [, userId = '', timestamp = '', hashedPassword = ''] = /\/user\/reset\/(\d+)\/(\d+)\/([\w-]+)/.exec(mail?.text ?? '') ?? [];
    // An invitation lasts seven days, not one hour.
    server.clock.advance(3 * 24 * 60 * 60_000);
    expect((await server.call('/set-new-password', { body: { userId, timestamp, hashedPassword, password: 'nina-chooses-this' } })).body.code).toBe(
      1,
    );
    await server.signIn('nina.kowalski', 'nina-chooses-this');
    expect((await server.call('/set-new-password', { body: { userId, timestamp, hashedPassword, password: 'nina-again-123' } })).body.code).toBe(-3);
  });

  it('lets an invitation expire after seven days', async () => {
    const { token } = await server.signIn('demo.admin');
    const sent = server.mail.length;
    expect((await server.call('/invite', { token, body: { users: [{ email: 'late.comer@northwindcare.example' }] } })).body).toEqual({
      results: [1],
    });
    const [, userId = '', timestamp = '', hashedPassword = ''] = /\/user\/reset\/(\d+)\/(\d+)\/([\w-]+)/.exec(server.mail[sent]?.text ?? '') ?? [];
    server.clock.advance(8 * 24 * 60 * 60_000);
    const answer = await server.call('/set-new-password', { body: { userId, timestamp, hashedPassword, password: 'too-late-now' } });
    expect(answer.body.code).toBe(-5);
  });
});

describe('commands on a user', () => {
  it('set mfa by code (1 on, 2 off, 3 forced), as the next read shows', async () => {
    const { token } = await server.signIn('demo.admin');
    const ruby = await findUser(token, 'ruby.scott');
    for (const [value, expected] of [
      [1, { mfa: 1, force_mfa: 'No' }],
      [3, { mfa: 0, force_mfa: 'Yes' }],
      [2, { mfa: 0, force_mfa: 'No' }],
    ] as const) {
      const answer = await server.call('/users-commands', { token, body: { id: ruby.id, email: ruby.email, type: 'mfa', value } });
      expect(answer.body).toEqual({ code: 1, message: 'The user has been updated.' });
      expect(await findUser(token, 'ruby.scott')).toMatchObject(expected);
    }
    expect((await server.call('/users-commands', { token, body: { id: ruby.id, email: ruby.email, type: 'mfa', value: 7 } })).body).toEqual({
      code: -1,
      message: 'Parameter failed.',
    });
  });

  it('change the class (emptying the units, and the Administrator class administers) and the units', async () => {
    const { token } = await server.signIn('demo.admin');
    const maya = await findUser(token, 'maya.fischer');
    expect(maya.unit).toEqual(['Riverside House', 'Night shift']);
    await server.call('/users-commands', { token, body: { id: maya.id, email: maya.email, type: 'class', value: 'Administrator' } });
    expect(await findUser(token, 'maya.fischer')).toMatchObject({ class: 'Administrator', unit: [] });
    const session = await server.signIn('maya.fischer', 'formsign-demo-colleague');
    expect((await server.call('/users', { token: session.token, body: {} })).status).toBe(200);
    await server.call('/users-commands', { token, body: { id: maya.id, email: maya.email, type: 'unit', value: ['Harbour View', 'Day shift'] } });
    expect(await findUser(token, 'maya.fischer')).toMatchObject({ unit: ['Harbour View', 'Day shift'] });
  });

  it('block a person, whose sessions end at once, and unblock them', async () => {
    const { token } = await server.signIn('demo.admin');
    const ethan = await findUser(token, 'ethan.wright');
    const session = await server.signIn('ethan.wright', 'formsign-demo-colleague');
    expect(
      (await server.call('/users-commands', { token, body: { id: ethan.id, email: ethan.email, type: 'status', value: 'blocked' } })).body.code,
    ).toBe(1);
    expect((await server.call('/user', { method: 'GET', token: session.token })).status).toBe(401);
    expect((await server.call('/login', { body: { name: 'ethan.wright', password: 'formsign-demo-colleague', challenge: false } })).body.code).toBe(
      -2,
    );
    expect(await findUser(token, 'ethan.wright')).toMatchObject({ status: 'blocked' });
    await server.call('/users-commands', { token, body: { id: ethan.id, email: ethan.email, type: 'status', value: 'active' } });
    await server.signIn('ethan.wright', 'formsign-demo-colleague');
  });

  it('delete a person, who can no longer sign in', async () => {
    const { token } = await server.signIn('demo.admin');
    const chloe = await findUser(token, 'chloe.davies');
    expect((await server.call('/users-commands', { token, body: { id: chloe.id, email: chloe.email, type: 'delete', value: '' } })).body.code).toBe(
      1,
    );
    expect(await findUser(token, 'chloe.davies')).toBeUndefined();
    expect((await server.call('/login', { body: { name: 'chloe.davies', password: 'formsign-demo-colleague', challenge: false } })).body.code).toBe(
      0,
    );
  });

  it('never leave a company without an administrator, nor delete or block oneself', async () => {
    const grace = await server.signIn(otherCompany.admin, 'harbour-pass-1');
    const self = await findUser(grace.token, 'grace.okafor');
    const demote = await server.call('/users-commands', {
      token: grace.token,
      body: { id: self.id, email: self.email, type: 'class', value: 'Staff' },
    });
    expect(demote.body).toEqual({ code: -1, message: 'A company needs at least one administrator who can log in.' });
    expect(
      (await server.call('/users-commands', { token: grace.token, body: { id: self.id, email: self.email, type: 'delete', value: '' } })).body,
    ).toEqual({ code: -1, message: 'You cannot delete yourself.' });
  });

  it("cannot reach another company's user: 404, and nothing changes", async () => {
    const { token } = await server.signIn('demo.admin');
    const grace = await server.signIn(otherCompany.admin, 'harbour-pass-1');
    const tom = await findUser(grace.token, 'tom.reid');
    const answer = await server.call('/users-commands', { token, body: { id: tom.id, email: tom.email, type: 'delete', value: '' } });
    expect(answer).toMatchObject({ status: 404, body: { message: 'This item does not exist or was deleted.' } });
    expect(await findUser(grace.token, 'tom.reid')).toMatchObject({ email: 'tom.reid@harbourhomes.example' });
  });
});
