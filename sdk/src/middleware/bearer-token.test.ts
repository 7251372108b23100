import { describe, expect, it } from 'vitest';
import { rawClientWith } from '../../test/support/raw-client.js';
import { bearerToken } from './bearer-token.js';

describe('bearerToken', () => {
  it('sends the token as a bearer Authorization header', async () => {
    const { client, server } = rawClientWith(bearerToken(() => 'abc.def.ghi'));
    await client.GET('/workflow');
    expect(server.last().headers.get('Authorization')).toBe('Bearer abc.def.ghi');
  });

  it('sends nothing when the source has no token', async () => {
    for (const none of [null, undefined, '']) {
      const { client, server } = rawClientWith(bearerToken(() => none));
      await client.POST('/logout');
      expect(server.last().headers.has('Authorization')).toBe(false);
    }
  });

  it('asks the source on every request, so a new token is used at once', async () => {
    let current: string | null = 'first';
    const { client, server } = rawClientWith(bearerToken(() => current));
    await client.GET('/user');
    current = 'second';
    await client.GET('/user');
    current = null;
    await client.GET('/user');
    expect(server.requests.map((request) => request.headers.get('Authorization'))).toEqual(['Bearer first', 'Bearer second', null]);
  });

  it("leaves a call's own Authorization header alone", async () => {
    const { client, server } = rawClientWith(bearerToken(() => 'store'));
    await client.GET('/user', { headers: { Authorization: 'Bearer own' } });
    expect(server.last().headers.get('Authorization')).toBe('Bearer own');
  });
});
