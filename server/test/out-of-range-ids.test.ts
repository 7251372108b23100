/**
 * Ids beyond the database's integer range: the contract gives ids a minimum and no maximum, so
 * they reach the queries, which refuse them. Each is a bad request in the contract's words,
 * never a failure of the server.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer, type CallOptions } from './support/test-server.js';

const server = useTestServer();

const big = 3_000_000_000;

const calls: { name: string; path: string; call: CallOptions }[] = [
  { name: 'a tenant', path: '/get-tenant', call: { body: { id: big } } },
  { name: 'the strings of a company', path: '/get-strings', call: { query: `cid=${big}` } },
  { name: 'blocking a device', path: '/users-devices', call: { method: 'GET', query: `action=block&id=${big}` } },
  { name: 'deleting a category', path: '/categories', call: { body: { action: 'delete', id: big } } },
  { name: 'a group member', path: '/get-groups', call: { body: { data: { action: 'save', name: 'Too big', members: [big] } } } },
  { name: 'clocking in a person', path: '/tna', call: { body: { data: { action: 'record', kind: 'staff', person: big, direction: 'in' } } } },
  {
    name: 'a command on a user',
    path: '/users-commands',
    call: { body: { id: big, email: 'someone@northwindcare.example', type: 'mfa', value: 1 } },
  },
];

describe('an id too large for the database', () => {
  it.each(calls)('in $name is a bad request', async ({ path, call }) => {
    const { token } = await server.signIn('demo.admin');
    const answer = await server.call(path, { ...call, token });
    expect(answer).toMatchObject({ status: 400, body: { message: 'Some of the values sent are not valid.' } });
  });
});
