/**
 * Two tabs renewing one session at once both go on with the same new tokens; a spent refresh
 * token presented after the few seconds of grace still ends the session (it was copied).
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();

const refresh = (refreshToken: string) => server.call('/refresh', { body: { refresh_token: refreshToken } });

describe('renewing a session', () => {
  it('answers parallel renewals with one refresh token with the same new pair, and the session goes on', async () => {
    const first = await server.signIn('demo.basic');
    const answers = await Promise.all(Array.from({ length: 4 }, () => refresh(first.refreshToken)));
    expect(answers.map((answer) => answer.body.code)).toEqual([1, 1, 1, 1]);
    const refreshTokens = new Set(answers.map((answer) => String(answer.headers['refresh-token'])));
    const accessTokens = new Set(answers.map((answer) => answer.body.token));
    expect(refreshTokens.size).toBe(1);
    expect(accessTokens.size).toBe(1);
    const [next] = [...refreshTokens];
    expect(next).not.toBe(first.refreshToken);
    expect(answers[0]?.cookies['formsign-refresh']).toBe(next);
    expect((await server.call('/user', { method: 'GET', token: answers[0]?.body.token })).status).toBe(200);
    // Both tabs now hold the same refresh token, and it renews as usual.
    const later = await refresh(next ?? '');
    expect(later.body.code).toBe(1);
    expect((await server.call('/user', { method: 'GET', token: later.body.token })).status).toBe(200);
  });

  it('answers the same pair to the spent token within ten seconds of the renewal', async () => {
    const first = await server.signIn('demo.admin');
    const renewed = await refresh(first.refreshToken);
    server.clock.advance(9_000);
    const again = await refresh(first.refreshToken);
    expect(again.body.code).toBe(1);
    expect(again.headers['refresh-token']).toBe(renewed.headers['refresh-token']);
    expect(again.body.token).toBe(renewed.body.token);
  });

  it('ends the session when the spent token comes back after the grace', async () => {
    const first = await server.signIn('demo.personal');
    const renewed = await refresh(first.refreshToken);
    expect(renewed.body.code).toBe(1);
    server.clock.advance(11_000);
    expect((await refresh(first.refreshToken)).body.code).toBe(-1);
    expect((await server.call('/user', { method: 'GET', token: renewed.body.token })).status).toBe(401);
    expect((await refresh(String(renewed.headers['refresh-token']))).body.code).toBe(-1);
  });

  it('gives no grace to a token two renewals old', async () => {
    const first = await server.signIn('demo.super');
    const second = await refresh(first.refreshToken);
    server.clock.advance(1_000);
    const third = await refresh(String(second.headers['refresh-token']));
    expect(third.body.code).toBe(1);
    expect((await refresh(first.refreshToken)).body.code).toBe(-1);
  });

  it('gives no grace after logout', async () => {
    const first = await server.signIn('demo.basic');
    const renewed = await refresh(first.refreshToken);
    await server.call('/logout', { token: renewed.body.token });
    expect((await refresh(first.refreshToken)).body.code).toBe(-1);
  });
});
