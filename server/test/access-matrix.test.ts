/**
 * Who may call what, from the contract: every operation called anonymously and as each of
 * the four roles. A secured operation refuses the anonymous caller (401); an operation
 * limited by `x-roles` refuses the roles it does not list (403), where `admin` admits super
 * users but not personal administrators; everything else is let through, and never fails on
 * the server's side.
 */
import { describe, expect, it } from 'vitest';
import { signedFileUrl } from '../src/files/signed-urls.js';
import { contractRequest, operationEntries } from './support/contract-requests.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();

const roles = {
  anonymous: null,
  basic: 'demo.basic',
  administrator: 'demo.admin',
  personal: 'demo.personal',
  super: 'demo.super',
} as const;
type Caller = keyof typeof roles;

function expected(entry: (typeof operationEntries)[number], caller: Caller): 'allowed' | 401 | 403 {
  const isPublic = (entry.operation.security ?? [{}]).length === 0;
  if (isPublic) return 'allowed';
  if (caller === 'anonymous') return 401;
  const limited = entry.operation['x-roles'] ?? [];
  if (limited.length === 0) return 'allowed';
  const role = { basic: 'basic', administrator: 'admin', personal: 'personal', super: 'super' }[caller];
  return limited.includes(role) || (role === 'super' && limited.includes('admin')) ? 'allowed' : 403;
}

const cases = operationEntries.flatMap((entry) =>
  (Object.keys(roles) as Caller[]).map((caller) => ({ entry, caller, id: entry.operation.operationId, want: expected(entry, caller) })),
);

describe('the access matrix', () => {
  it('covers every operation of the contract with five callers', () => {
    expect(cases).toHaveLength(operationEntries.length * 5);
    expect(operationEntries.length).toBeGreaterThanOrEqual(50);
  });

  it.each(cases)('$id as $caller: $want', async ({ entry, caller, want }) => {
    const name = roles[caller];
    // A session of its own for each call: some calls (logout) end the one they run in.
    const token = name ? (await server.signIn(name)).token : null;
    const { path, call } = contractRequest(entry, token);
    if (entry.operation.operationId === 'downloadFile') {
      // A file's address is public but signed: a validly signed one, for a file that exists.
      await server.ctx.files.put('matrix/file.txt', Buffer.from('hello'), 'text/plain');
      call.query = new URL(signedFileUrl(server.ctx.keys, 'matrix/file.txt', server.clock.now()), 'http://formsign.test').searchParams.toString();
    }
    const answer = await server.call(path, call);
    if (want === 'allowed') {
      expect([401, 403], `${answer.status} ${answer.text.slice(0, 200)}`).not.toContain(answer.status);
      expect(answer.status).toBeLessThan(500);
    } else {
      expect(answer.status).toBe(want);
    }
  });
});
