import { ApiError, errorTexts, textForCode, type CodeResult, type LoginResponse, type SecondFactorChallenge } from '@formsign/sdk/contract';
import { getShortestPaths } from '@xstate/graph';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { controlledActors, flush } from '../test/controlled-actors.js';
import { describePath, getTransitionPaths, replayPath, traversalLimit, type TraversalOptions } from '../test/model-based.js';
import { adminClaims, adminToken, basicToken, expiredToken, farFuture, makeToken, testNow, undecodableToken } from '../test/tokens.js';
import {
  authMachine,
  refreshDelay,
  sessionEndedText,
  memoryStorage,
  readStoredSession,
  storageKeys,
  userFromToken,
  type LoginResult,
  type MemoryStorage,
  type SecondFactorInput,
} from './index.js';

const noFlags = { isSuper: false, isPersonal: false, isSubAdmin: false, isFrontAdmin: false, img: '' };

function loginBody(overrides: Partial<LoginResponse> = {}): LoginResponse {
  return {
    code: 1,
    token: adminToken,
    issuper: true,
    isPersonal: true,
    isadmin: false,
    isfront: true,
    url: '/pending',
    img: 'https://cdn.example/icons/grace.png',
    message: '',
    session: 's-1',
    username: 'Grace Okafor',
    ...overrides,
  };
}

function loginResult(overrides: Partial<LoginResponse> = {}): LoginResult {
  return { body: loginBody(overrides), headers: { accessToken: 'at', idToken: 'it', refreshToken: 'rt' } };
}

const wrongPassword = new ApiError({ status: 200, code: 0, message: textForCode('login', 0) ?? '' });

/** Stored flags of a session, as the machine writes them. */
function storedSession(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    [storageKeys.token]: token,
    [storageKeys.isSuper]: 'false',
    [storageKeys.isPersonal]: 'true',
    [storageKeys.isSubAdmin]: 'true',
    [storageKeys.isFrontAdmin]: 'false',
    [storageKeys.userIcon]: 'https://cdn.example/icons/stored.png',
    ...extra,
  };
}

const challenge: SecondFactorChallenge = { ticket: 'mfa_ticket', method: 'totp', email: 'g•••@harbourhomes.example', setup: null };
const secondFactorDue = loginResult({ code: 2, token: '', mfa: challenge });
const renewedToken = makeToken({ ...adminClaims, exp: farFuture + 3600 });
const sessionEndedError = new ApiError({ status: 200, code: -1, message: textForCode('refreshSession', -1) ?? '' });

function start(
  storage: MemoryStorage,
  actors: {
    login?: (input: { name: string; password: string }) => Promise<LoginResult>;
    logout?: () => Promise<CodeResult>;
    verifySecondFactor?: (input: SecondFactorInput) => Promise<LoginResult>;
    refresh?: () => Promise<LoginResult>;
  } = {},
  now: () => number = () => testNow,
) {
  const calls: Array<{ actor: string; input?: unknown }> = [];
  const machine = authMachine.provide({
    actors: {
      login: fromPromise<LoginResult, { name: string; password: string }>(({ input }) => {
        calls.push({ actor: 'login', input });
        return (actors.login ?? (() => Promise.resolve(loginResult())))(input);
      }),
      verifySecondFactor: fromPromise<LoginResult, SecondFactorInput>(({ input }) => {
        calls.push({ actor: 'verifySecondFactor', input });
        return (actors.verifySecondFactor ?? (() => Promise.resolve(loginResult())))(input);
      }),
      refresh: fromPromise<LoginResult>(() => {
        calls.push({ actor: 'refresh' });
        return (actors.refresh ?? (() => Promise.reject(sessionEndedError)))();
      }),
      logout: fromPromise<CodeResult>(() => {
        calls.push({ actor: 'logout' });
        return (actors.logout ?? (() => Promise.resolve({ code: 1, message: '' })))();
      }),
    },
  });
  const actor = createActor(machine, { input: { storage, now } });
  actor.start();
  return { actor, calls };
}

describe('userFromToken', () => {
  it('builds the user from the claims and the flags', () => {
    const user = userFromToken(adminToken, { isSuper: true, isPersonal: true, isSubAdmin: true, isFrontAdmin: true, img: 'icon.png' });
    expect(user).toEqual({
      ...adminClaims,
      img: 'icon.png',
      isAdmin: true,
      isSuper: true,
      isPersonal: true,
      isSubAdmin: true,
      isFrontAdmin: true,
      expiration: adminClaims.exp * 1000,
    });
  });

  it('makes a user personal only when the personal flag is set and the token says admin', () => {
    expect(userFromToken(adminToken, { ...noFlags, isPersonal: true })?.isPersonal).toBe(true);
    expect(userFromToken(adminToken, noFlags)?.isPersonal).toBe(false);
    expect(userFromToken(basicToken, { ...noFlags, isPersonal: true })?.isPersonal).toBe(false);
    expect(userFromToken(basicToken, noFlags)?.isAdmin).toBe(false);
  });

  it("takes the icon from the flags and falls back to the token's img claim", () => {
    expect(userFromToken(adminToken, noFlags)?.img).toBe(adminClaims.img);
  });

  it('gives expiration as exp in milliseconds', () => {
    expect(userFromToken(makeToken({ exp: 1_700_000_000 }), noFlags)?.expiration).toBe(1_700_000_000_000);
  });

  it('fills missing claims with empty strings and zeros', () => {
    const user = userFromToken(makeToken({ sub: 7 }), noFlags);
    expect(user).toMatchObject({ sub: '7', name: '', email: '', company: 0, envelopes: 0, admin: false, isAdmin: false, expiration: 0 });
  });

  it('returns null for a token that cannot be decoded', () => {
    expect(userFromToken(undecodableToken, noFlags)).toBeNull();
    expect(userFromToken('', noFlags)).toBeNull();
    expect(userFromToken(`x.${Buffer.from('"text"').toString('base64url')}.y`, noFlags)).toBeNull();
  });
});

describe('readStoredSession', () => {
  it('rebuilds the user from the stored token and flags', () => {
    const session = readStoredSession(memoryStorage(storedSession(adminToken)), testNow);
    expect(session?.token).toBe(adminToken);
    expect(session?.user).toMatchObject({
      isAdmin: true,
      isSuper: false,
      isPersonal: true,
      isSubAdmin: true,
      isFrontAdmin: false,
      img: 'https://cdn.example/icons/stored.png',
    });
  });

  it('refuses an expired, undecodable or missing token', () => {
    expect(readStoredSession(memoryStorage(storedSession(expiredToken)), testNow)).toBeNull();
    expect(readStoredSession(memoryStorage(storedSession(undecodableToken)), testNow)).toBeNull();
    expect(readStoredSession(memoryStorage(), testNow)).toBeNull();
  });

  it('treats a token expiring exactly now as expired', () => {
    const token = makeToken({ ...adminClaims, exp: testNow / 1000 });
    expect(readStoredSession(memoryStorage(storedSession(token)), testNow)).toBeNull();
    expect(readStoredSession(memoryStorage(storedSession(token)), testNow - 1)).not.toBeNull();
  });
});

describe('auth machine transitions', () => {
  it('restoring → loggedIn (always, storedSessionValid): a valid stored token logs in with the stored flags', () => {
    const storage = memoryStorage(storedSession(adminToken));
    const { actor, calls } = start(storage);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('loggedIn');
    expect(snapshot.context.token).toBe(adminToken);
    expect(snapshot.context.user).toEqual(
      userFromToken(adminToken, {
        isSuper: false,
        isPersonal: true,
        isSubAdmin: true,
        isFrontAdmin: false,
        img: 'https://cdn.example/icons/stored.png',
      }),
    );
    expect(snapshot.context.error).toBeNull();
    expect(storage.entries()).toEqual(storedSession(adminToken));
    expect(calls).toEqual([]);
  });

  it('restoring → resuming → loggedOut (refresh refused): an expired stored token is cleared with the flags and icon', async () => {
    const storage = memoryStorage(storedSession(expiredToken, { [storageKeys.surl]: '/pending' }));
    const { actor, calls } = start(storage);
    expect(actor.getSnapshot().value).toBe('resuming');
    expect(storage.entries()).toEqual({ [storageKeys.surl]: '/pending' });
    const snapshot = await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(snapshot.context).toMatchObject({ user: null, token: null, error: null });
    expect(calls).toEqual([{ actor: 'refresh' }]);
  });

  it('restoring → resuming → loggedIn (refresh done): an expired session that can be renewed goes on, with the new token stored', async () => {
    const storage = memoryStorage(storedSession(expiredToken));
    const { actor } = start(storage, { refresh: () => Promise.resolve(loginResult({ token: renewedToken })) });
    const snapshot = await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(snapshot.context.token).toBe(renewedToken);
    expect(storage.entries()[storageKeys.token]).toBe(renewedToken);
  });

  it('loggedOut → resuming → loggedIn (auth.resume): a session the provider’s sign-in started is taken up', async () => {
    const storage = memoryStorage();
    const { actor, calls } = start(storage, { refresh: () => Promise.resolve(loginResult({ token: renewedToken })) });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    actor.send({ type: 'auth.resume' });
    const snapshot = await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(calls).toEqual([{ actor: 'refresh' }]);
    expect(storage.entries()[storageKeys.token]).toBe(renewedToken);
    expect(snapshot.context.token).toBe(renewedToken);
  });

  it('restoring → resuming → loggedOut: an undecodable stored token is cleared', async () => {
    const storage = memoryStorage(storedSession(undecodableToken));
    const { actor } = start(storage);
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(storage.entries()).toEqual({});
  });

  it('restoring → loggedOut (always): with nothing stored it is logged out and touches nothing', () => {
    const storage = memoryStorage({ [storageKeys.unusedEnvelopes]: '12' });
    const { actor } = start(storage);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(storage.entries()).toEqual({ [storageKeys.unusedEnvelopes]: '12' });
  });

  it('loggedOut → loggingIn (auth.login): calls the login actor with the name and password', async () => {
    const { actor, calls } = start(memoryStorage(), { login: () => new Promise(() => {}) });
    actor.send({ type: 'auth.login', name: 'grace.okafor', password: 'secret' });
    expect(actor.getSnapshot().value).toBe('loggingIn');
    await flush();
    expect(calls).toEqual([{ actor: 'login', input: { name: 'grace.okafor', password: 'secret' } }]);
  });

  it('loggedOut → loggingIn (auth.login): clears the previous error', async () => {
    let attempt = 0;
    const { actor } = start(memoryStorage(), { login: () => (attempt++ === 0 ? Promise.reject(wrongPassword) : new Promise(() => {})) });
    actor.send({ type: 'auth.login', name: 'grace', password: 'wrong' });
    await waitFor(actor, (s) => s.context.error !== null);
    actor.send({ type: 'auth.login', name: 'grace', password: 'right' });
    expect(actor.getSnapshot().value).toBe('loggingIn');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('loggedOut (auth.reset): clears the error and stays logged out', async () => {
    const { actor } = start(memoryStorage(), { login: () => Promise.reject(wrongPassword) });
    actor.send({ type: 'auth.login', name: 'grace', password: 'wrong' });
    await waitFor(actor, (s) => s.matches('loggedOut') && s.context.error !== null);
    actor.send({ type: 'auth.reset' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('loggingIn → loggedIn (done, tokenDecodes): stores the token, the flags and the icon, and decodes the user', async () => {
    const storage = memoryStorage();
    const { actor } = start(storage);
    actor.send({ type: 'auth.login', name: 'grace.okafor', password: 'secret' });
    const snapshot = await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(storage.entries()).toEqual({
      [storageKeys.token]: adminToken,
      [storageKeys.isSuper]: 'true',
      [storageKeys.isPersonal]: 'true',
      [storageKeys.isSubAdmin]: 'false',
      [storageKeys.isFrontAdmin]: 'true',
      [storageKeys.userIcon]: 'https://cdn.example/icons/grace.png',
    });
    expect(snapshot.context).toMatchObject({ token: adminToken, error: null, redirect: '/pending' });
    expect(snapshot.context.user).toEqual({
      ...adminClaims,
      img: 'https://cdn.example/icons/grace.png',
      isAdmin: true,
      isSuper: true,
      isPersonal: true,
      isSubAdmin: false,
      isFrontAdmin: true,
      expiration: adminClaims.exp * 1000,
    });
  });

  it('loggingIn → loggedOut (done, token not decodable): error "Authentication Failed" and nothing stored', async () => {
    const storage = memoryStorage();
    const { actor } = start(storage, { login: () => Promise.resolve(loginResult({ token: undecodableToken })) });
    actor.send({ type: 'auth.login', name: 'grace', password: 'secret' });
    const snapshot = await waitFor(actor, (s) => !s.matches('loggingIn'));
    expect(snapshot.value).toBe('loggedOut');
    expect(snapshot.context.error).toBe(errorTexts.authenticationFailed);
    expect(snapshot.context.error).toBe('Authentication Failed');
    expect(snapshot.context).toMatchObject({ user: null, token: null });
    expect(storage.entries()).toEqual({});
  });

  it("loggingIn → loggedOut (error): the error is the ApiError's message", async () => {
    const storage = memoryStorage();
    const { actor } = start(storage, { login: () => Promise.reject(wrongPassword) });
    actor.send({ type: 'auth.login', name: 'grace', password: 'wrong' });
    const snapshot = await waitFor(actor, (s) => !s.matches('loggingIn'));
    expect(snapshot.value).toBe('loggedOut');
    expect(snapshot.context.error).toBe('The user name or password is incorrect.');
    expect(storage.entries()).toEqual({});
  });

  it("loggingIn → loggedOut (error): anything but an ApiError gives the catalogue's unexpected text", async () => {
    const { actor } = start(memoryStorage(), { login: () => Promise.reject(new TypeError('Failed to fetch')) });
    actor.send({ type: 'auth.login', name: 'grace', password: 'secret' });
    const snapshot = await waitFor(actor, (s) => !s.matches('loggingIn'));
    expect(snapshot.context.error).toBe(errorTexts.unexpected);
  });

  it('loggingIn: stopping the machine aborts the login request (the signal is passed)', async () => {
    let signal: { aborted: boolean } | undefined;
    const machine = authMachine.provide({
      actors: {
        login: fromPromise<LoginResult, { name: string; password: string }>(({ signal: s }) => {
          signal = s;
          return new Promise(() => {});
        }),
      },
    });
    const actor = createActor(machine, { input: { storage: memoryStorage(), now: () => testNow } }).start();
    actor.send({ type: 'auth.login', name: 'grace', password: 'secret' });
    await flush();
    expect(signal?.aborted).toBe(false);
    actor.stop();
    expect(signal?.aborted).toBe(true);
  });

  it('loggedIn → loggingOut (auth.logout): calls the logout actor', async () => {
    const { actor, calls } = start(memoryStorage(storedSession(adminToken)), { logout: () => new Promise(() => {}) });
    actor.send({ type: 'auth.logout' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    await flush();
    expect(calls).toEqual([{ actor: 'logout' }]);
  });

  it('loggingOut → loggedOut (done): clears the token, the flags and the icon, and forgets the user', async () => {
    const storage = memoryStorage(storedSession(adminToken, { [storageKeys.surl]: '/forms', [storageKeys.unusedEnvelopes]: '7' }));
    const { actor } = start(storage);
    actor.send({ type: 'auth.logout' });
    const snapshot = await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(snapshot.context).toMatchObject({ user: null, token: null, redirect: null, error: null });
    expect(storage.entries()).toEqual({ [storageKeys.surl]: '/forms', [storageKeys.unusedEnvelopes]: '7' });
  });

  it('loggingOut → loggedOut (error): clears the session just the same', async () => {
    const storage = memoryStorage(storedSession(adminToken));
    const { actor } = start(storage, { logout: () => Promise.reject(new ApiError({ status: 500, message: errorTexts.serverError })) });
    actor.send({ type: 'auth.logout' });
    const snapshot = await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(snapshot.context).toMatchObject({ user: null, token: null });
    expect(storage.entries()).toEqual({});
  });

  it("loggingIn → secondFactor (done, code 2 or 3): keeps the challenge and shows the code's text; nothing is stored", async () => {
    const storage = memoryStorage();
    const { actor } = start(storage, { login: () => Promise.resolve(secondFactorDue) });
    actor.send({ type: 'auth.login', name: 'grace', password: 'secret' });
    const snapshot = await waitFor(actor, (s) => s.matches('secondFactor'));
    expect(snapshot.context).toMatchObject({
      challenge,
      notice: 'Enter the 6-digit code from your authenticator app.',
      user: null,
      token: null,
      error: null,
    });
    expect(storage.entries()).toEqual({});
  });

  it('secondFactor → verifying → loggedIn (auth.verify, done): sends the ticket and code, then stores the session', async () => {
    const storage = memoryStorage();
    const { actor, calls } = start(storage, { login: () => Promise.resolve(secondFactorDue) });
    actor.send({ type: 'auth.login', name: 'grace', password: 'secret' });
    await waitFor(actor, (s) => s.matches('secondFactor'));
    actor.send({ type: 'auth.verify', code: '123456' });
    expect(actor.getSnapshot().value).toBe('verifying');
    const snapshot = await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(calls[1]).toEqual({ actor: 'verifySecondFactor', input: { ticket: 'mfa_ticket', action: 'verify', code: '123456' } });
    expect(snapshot.context).toMatchObject({ token: adminToken, challenge: null, notice: null });
    expect(storage.entries()[storageKeys.token]).toBe(adminToken);
  });

  it('verifying → secondFactor (error, wrong code): shows the error and waits for another code', async () => {
    const wrongCode = new ApiError({ status: 200, code: -3, message: textForCode('verifySecondFactor', -3) ?? '' });
    const { actor } = start(memoryStorage(), { login: () => Promise.resolve(secondFactorDue), verifySecondFactor: () => Promise.reject(wrongCode) });
    actor.send({ type: 'auth.login', name: 'grace', password: 'secret' });
    await waitFor(actor, (s) => s.matches('secondFactor'));
    actor.send({ type: 'auth.verify', code: '000000' });
    const snapshot = await waitFor(actor, (s) => s.matches('secondFactor') && s.context.error !== null);
    expect(snapshot.context).toMatchObject({ error: 'The code is not correct. Please try again.', challenge });
  });

  it('verifying → loggedOut (error, the ticket ended): back to the password, with the reason', async () => {
    const ended = new ApiError({ status: 200, code: -208, message: textForCode('verifySecondFactor', -208) ?? '' });
    const { actor } = start(memoryStorage(), { login: () => Promise.resolve(secondFactorDue), verifySecondFactor: () => Promise.reject(ended) });
    actor.send({ type: 'auth.login', name: 'grace', password: 'secret' });
    await waitFor(actor, (s) => s.matches('secondFactor'));
    actor.send({ type: 'auth.verify', code: '000000' });
    const snapshot = await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(snapshot.context).toMatchObject({ error: 'Attempt limit exceeded, please try after some time.', challenge: null });
  });

  it('secondFactor → sendingCode → secondFactor (auth.emailCode): asks for an emailed code and says it was sent', async () => {
    const emailed = loginResult({ code: 2, token: '', mfa: { ...challenge, method: 'email' } });
    const { actor, calls } = start(memoryStorage(), {
      login: () => Promise.resolve(secondFactorDue),
      verifySecondFactor: () => Promise.resolve(emailed),
    });
    actor.send({ type: 'auth.login', name: 'grace', password: 'secret' });
    await waitFor(actor, (s) => s.matches('secondFactor'));
    actor.send({ type: 'auth.emailCode' });
    expect(actor.getSnapshot().value).toBe('sendingCode');
    const snapshot = await waitFor(actor, (s) => s.matches('secondFactor'));
    expect(calls[1]).toEqual({ actor: 'verifySecondFactor', input: { ticket: 'mfa_ticket', action: 'email' } });
    expect(snapshot.context).toMatchObject({
      challenge: { method: 'email' },
      notice: 'We have emailed you a 6-digit code. It works for 10 minutes.',
    });
  });

  it('secondFactor → loggedOut (auth.cancel): forgets the challenge', async () => {
    const { actor } = start(memoryStorage(), { login: () => Promise.resolve(secondFactorDue) });
    actor.send({ type: 'auth.login', name: 'grace', password: 'secret' });
    await waitFor(actor, (s) => s.matches('secondFactor'));
    actor.send({ type: 'auth.cancel' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toMatchObject({ challenge: null, notice: null });
  });

  it('loggedIn → refreshing → loggedIn (after refreshDue, done): renews the token a minute before it expires', async () => {
    vi.useFakeTimers();
    try {
      const storage = memoryStorage(storedSession(adminToken));
      const clock = { now: farFuture * 1000 - 5 * 60_000 };
      const { actor, calls } = start(storage, { refresh: () => Promise.resolve(loginResult({ token: renewedToken })) }, () => clock.now);
      await vi.advanceTimersByTimeAsync(4 * 60_000 - 1);
      expect(calls).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toEqual([{ actor: 'refresh' }]);
      expect(actor.getSnapshot().value).toBe('loggedIn');
      expect(actor.getSnapshot().context.token).toBe(renewedToken);
      expect(storage.entries()[storageKeys.token]).toBe(renewedToken);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refreshing → loggedOut (error, the session ended): clears the session and says why', async () => {
    vi.useFakeTimers();
    try {
      const storage = memoryStorage(storedSession(adminToken));
      const { actor } = start(storage, {}, () => farFuture * 1000 - 30_000);
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('loggedOut');
      expect(actor.getSnapshot().context.error).toBe(sessionEndedText);
      expect(storage.entries()).toEqual({});
    } finally {
      vi.useRealTimers();
    }
  });

  it('refreshing → loggedIn (error, offline): stays signed in and tries again 30 s later', async () => {
    vi.useFakeTimers();
    try {
      let attempts = 0;
      const { actor } = start(
        memoryStorage(storedSession(adminToken)),
        {
          refresh: () =>
            attempts++ === 0 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(loginResult({ token: renewedToken })),
        },
        () => farFuture * 1000 - 30_000,
      );
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot()).toMatchObject({ value: 'loggedIn', context: { refreshFailures: 1, token: adminToken } });
      await vi.advanceTimersByTimeAsync(30_000);
      expect(actor.getSnapshot()).toMatchObject({ value: 'loggedIn', context: { refreshFailures: 0, token: renewedToken } });
    } finally {
      vi.useRealTimers();
    }
  });

  it("loggedIn → loggedOut (auth.expired): a call answered 401; the session is cleared with the server's words", () => {
    const storage = memoryStorage(storedSession(adminToken));
    const { actor } = start(storage);
    actor.send({ type: 'auth.expired', message: 'Your session has expired. Please log in again.' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toMatchObject({ user: null, token: null, error: 'Your session has expired. Please log in again.' });
    expect(storage.entries()).toEqual({});
  });

  it('ignores auth.login while logged in and auth.logout while logged out', () => {
    const loggedIn = start(memoryStorage(storedSession(adminToken))).actor;
    loggedIn.send({ type: 'auth.login', name: 'x', password: 'y' });
    expect(loggedIn.getSnapshot().value).toBe('loggedIn');
    const loggedOut = start(memoryStorage()).actor;
    loggedOut.send({ type: 'auth.logout' });
    expect(loggedOut.getSnapshot().value).toBe('loggedOut');
  });

  it('uses Date.now when no clock is injected', () => {
    const actor = createActor(authMachine, { input: { storage: memoryStorage(storedSession(adminToken)) } }).start();
    expect(actor.getSnapshot().value).toBe('loggedIn');
  });
});

describe('refreshDelay', () => {
  const user = userFromToken(adminToken, noFlags);
  it("renews a minute before the token expires, never waiting less than nothing or past a timer's limit", () => {
    expect(refreshDelay({ user, refreshFailures: 0, now: () => farFuture * 1000 - 10 * 60_000 })).toBe(9 * 60_000);
    expect(refreshDelay({ user, refreshFailures: 0, now: () => farFuture * 1000 })).toBe(0);
    expect(refreshDelay({ user, refreshFailures: 0, now: () => 0 })).toBe(2_000_000_000);
  });
  it('waits 30 s more after each failed renewal, at most 5 minutes', () => {
    expect(refreshDelay({ user, refreshFailures: 1, now: () => 0 })).toBe(30_000);
    expect(refreshDelay({ user, refreshFailures: 3, now: () => 0 })).toBe(90_000);
    expect(refreshDelay({ user, refreshFailures: 50, now: () => 0 })).toBe(300_000);
  });
});

describe('auth machine, model-based', () => {
  type AuthSnapshot = SnapshotFrom<typeof authMachine>;
  type AuthEvent = EventFromLogic<typeof authMachine>;

  // Failed renewals count up without end: one or more are the same state to the model.
  const project = ({ storage: _storage, now: _now, ...rest }: AuthSnapshot['context']) => ({
    ...rest,
    refreshFailures: Math.min(1, rest.refreshFailures),
  });

  const sampleEvents = (snapshot: AuthSnapshot): AuthEvent[] => {
    if (snapshot.matches('loggingIn')) {
      return [
        { type: 'xstate.done.actor.login', output: loginResult() },
        { type: 'xstate.done.actor.login', output: secondFactorDue },
        { type: 'xstate.done.actor.login', output: loginResult({ token: undecodableToken }) },
        { type: 'xstate.error.actor.login', error: wrongPassword },
        { type: 'xstate.error.actor.login', error: new Error('offline') },
      ] as unknown as AuthEvent[];
    }
    if (snapshot.matches('loggingOut')) {
      return [
        { type: 'xstate.done.actor.logout', output: { code: 1, message: '' } },
        { type: 'xstate.error.actor.logout', error: new Error('offline') },
      ] as unknown as AuthEvent[];
    }
    if (snapshot.matches('resuming') || snapshot.matches('refreshing')) {
      return [
        { type: 'xstate.done.actor.refresh', output: loginResult({ token: renewedToken }) },
        { type: 'xstate.error.actor.refresh', error: sessionEndedError },
        { type: 'xstate.error.actor.refresh', error: new Error('offline') },
        { type: 'auth.expired' },
      ] as unknown as AuthEvent[];
    }
    if (snapshot.matches('verifying') || snapshot.matches('sendingCode')) {
      return [
        {
          type: 'xstate.done.actor.verifySecondFactor',
          output: snapshot.matches('verifying') ? loginResult() : loginResult({ code: 2, token: '', mfa: { ...challenge, method: 'email' } }),
        },
        { type: 'xstate.error.actor.verifySecondFactor', error: new ApiError({ status: 200, code: -3, message: 'wrong' }) },
        { type: 'xstate.error.actor.verifySecondFactor', error: new ApiError({ status: 200, code: -1, message: 'ended' }) },
      ] as unknown as AuthEvent[];
    }
    if (snapshot.matches('secondFactor')) {
      return [{ type: 'auth.verify', code: '123456' }, { type: 'auth.emailCode' }, { type: 'auth.cancel' }, { type: 'auth.reset' }];
    }
    return [
      { type: 'auth.login', name: 'grace.okafor', password: 'secret' },
      { type: 'auth.logout' },
      { type: 'auth.reset' },
      { type: 'auth.expired' },
      ...(snapshot.matches('loggedIn') ? [{ type: 'xstate.after.refreshDue.auth.loggedIn' } as unknown as AuthEvent] : []),
    ];
  };

  const serializeState = (snapshot: AuthSnapshot) => JSON.stringify({ value: snapshot.value, context: project(snapshot.context) });

  const startingStorages: Record<string, () => Record<string, string>> = {
    'nothing stored': () => ({}),
    'a valid session stored': () => storedSession(adminToken),
    'an expired session stored': () => storedSession(expiredToken),
  };

  /** What must hold in every state, checked against the real storage. */
  function checkInvariants(snapshot: AuthSnapshot, storage: MemoryStorage) {
    const stored = storage.entries();
    if (snapshot.matches('loggedIn')) {
      expect(snapshot.context.user).not.toBeNull();
      expect(stored[storageKeys.token]).toBe(snapshot.context.token);
      expect(snapshot.context.error).toBeNull();
    }
    if (snapshot.matches('loggedOut')) {
      expect(snapshot.context.user).toBeNull();
      expect(snapshot.context.token).toBeNull();
      expect(stored[storageKeys.token]).toBeUndefined();
      expect(stored[storageKeys.userIcon]).toBeUndefined();
    }
  }

  for (const [name, initial] of Object.entries(startingStorages)) {
    const input = { storage: memoryStorage(initial()), now: () => testNow };
    const generators = {
      shortest: (options: TraversalOptions<typeof authMachine>) => getShortestPaths(authMachine, options),
      transition: (options: TraversalOptions<typeof authMachine>) => getTransitionPaths(authMachine, options),
    };
    for (const [kind, generate] of Object.entries(generators)) {
      const paths = generate({ input, events: sampleEvents, serializeState, limit: traversalLimit });

      it(`with ${name}, ${kind} paths reach every state of the model`, () => {
        const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
        const expected = [
          'loggedIn',
          'loggingOut',
          'loggedOut',
          'loggingIn',
          'secondFactor',
          'verifying',
          'sendingCode',
          'refreshing',
          ...(name === 'an expired session stored' ? ['resuming'] : []),
        ];
        expect([...reached].sort()).toEqual(expected.map((value) => JSON.stringify(value)).sort());
      });

      for (const path of paths) {
        it(`with ${name}, ${kind} path ${describePath(path)}`, async () => {
          const control = controlledActors();
          const storage = memoryStorage(initial());
          const machine = authMachine.provide({
            actors: { login: control.logic(), logout: control.logic(), verifySecondFactor: control.logic(), refresh: control.logic() },
          });
          await replayPath(machine, path, {
            control,
            input: { storage, now: () => testNow },
            check: (actual, expected) => {
              expect(actual.value).toEqual(expected.value);
              expect(project(actual.context)).toEqual(project(expected.context));
              checkInvariants(actual, storage);
            },
          });
        });
      }
    }
  }
});
