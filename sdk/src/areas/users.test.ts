import { describe, expect, it } from 'vitest';
import { fakeClient, json, rejection } from '../../test/support/fake-fetch.js';
import { inviteTexts, usersFetchFailed } from '../../test/support/texts.js';
import { appCodes } from '../generated/app-codes.js';

describe('users.list', () => {
  it('posts paging and filters in the body', async () => {
    const { client, server } = fakeClient(() => json({ page: 2, limit: 10, total: 0, data: [] }));
    await client.users.list({ page: 2, limit: 10, filters: { search: 'amelia' } });
    expect(await server.last().json()).toEqual({ page: 2, limit: 10, filters: { search: 'amelia' } });
  });

  it.each([
    ['a server message', () => json({ message: 'Only administrators can do this.' }, 403)],
    ['no message', () => json({}, 500)],
    ['a network failure', () => Promise.reject(new TypeError('fetch failed'))],
    ['a body that is not JSON', () => new Response('oops', { status: 200 })],
  ])('any failure (%s) reads the user-list text', async (_, handler) => {
    const { client } = fakeClient(handler);
    expect(await rejection(client.users.list())).toMatchObject({ message: usersFetchFailed });
  });
});

describe('users.invite', () => {
  const people = [
    { email: 'maya@northwind.example', first_name: 'Maya' },
    { email: 'amelia@northwind.example' },
    { email: 'not-an-email' },
    { email: 'ruby@northwind.example' },
  ];

  it('covers every invite code of the contract', () => {
    expect(Object.keys(appCodes.inviteUsers).sort()).toEqual(Object.keys(inviteTexts).sort());
  });

  it('answers one outcome per person, in order, with each code’s text', async () => {
    const { client, server } = fakeClient(() => json({ results: [1, -2, -1, 0] }));
    const outcomes = await client.users.invite(people);
    expect(await server.last().json()).toEqual({ users: people });
    expect(outcomes).toEqual([
      { user: people[0], code: 1, text: inviteTexts['1'], ok: true },
      { user: people[1], code: -2, text: inviteTexts['-2'], ok: false },
      { user: people[2], code: -1, text: inviteTexts['-1'], ok: false },
      { user: people[3], code: 0, text: inviteTexts['0'], ok: false },
    ]);
  });

  it('a person without a result failed for an unknown reason', async () => {
    const { client } = fakeClient(() => json({ results: [0] }));
    const outcomes = await client.users.invite(people.slice(0, 2));
    expect(outcomes.map(({ code, text, ok }) => ({ code, text, ok }))).toEqual([
      { code: 0, text: 'Undefined error.', ok: false },
      { code: 0, text: 'Undefined error.', ok: false },
    ]);
  });
});

describe('users.command', () => {
  it('posts the command and answers the outcome', async () => {
    const { client, server } = fakeClient(() => json({ code: 1, message: 'The user has been updated.' }));
    const command = { id: 2001, email: 'amelia@northwind.example', type: 'mfa', value: 3 };
    await expect(client.users.command(command)).resolves.toEqual({ code: 1, message: 'The user has been updated.' });
    expect(await server.last().json()).toEqual(command);
  });
});
