import { ApiError, errorTexts, textForCode } from '@formsign/sdk/contract';
import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { controlledActors, flush } from '../test/controlled-actors.js';
import { describePath, replayPath, traversalLimit } from '../test/model-based.js';
import { adminClaims, adminToken, basicToken, expiredToken, makeToken, testNow, undecodableToken } from '../test/tokens.js';
import {
  authMachine,
  memoryStorage,
  readStoredSession,
  storageKeys,
  userFromToken,
  type LoginResponse,
  type LoginResult,
  type MemoryStorage,
} from './index.js';

type CodeResult = { code: number; message: string };

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

function start(
  storage: MemoryStorage,
  actors: { login?: (input: { name: string; password: string }) => Promise<LoginResult>; logout?: () => Promise<CodeResult> } = {},
) {
  const calls: Array<{ actor: string; input?: unknown }> = [];
  const machine = authMachine.provide({
    actors: {
      login: fromPromise<LoginResult, { name: string; password: string }>(({ input }) => {
        calls.push({ actor: 'login', input });
        return (actors.login ?? (() => Promise.resolve(loginResult())))(input);
      }),
      logout: fromPromise<CodeResult>(() => {
        calls.push({ actor: 'logout' });
        return (actors.logout ?? (() => Promise.resolve({ code: 1, message: '' })))();
      }),
    },
  });
  const actor = createActor(machine, { input: { storage, now: () => testNow } });
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
    expect(session?.user).toMatchObject({ isAdmin: true, isSuper: false, isPersonal: true, isSubAdmin: true, isFrontAdmin: false, img: 'https://cdn.example/icons/stored.png' });
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
    expect(snapshot.context.user).toEqual(userFromToken(adminToken, { isSuper: false, isPersonal: true, isSubAdmin: true, isFrontAdmin: false, img: 'https://cdn.example/icons/stored.png' }));
    expect(snapshot.context.error).toBeNull();
    expect(storage.entries()).toEqual(storedSession(adminToken));
    expect(calls).toEqual([]);
  });

  it('restoring → loggedOut (always, tokenStored): an expired stored token is cleared with the flags and icon', () => {
    const storage = memoryStorage(storedSession(expiredToken, { [storageKeys.surl]: '/pending' }));
    const { actor } = start(storage);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toMatchObject({ user: null, token: null, error: null });
    expect(storage.entries()).toEqual({ [storageKeys.surl]: '/pending' });
  });

  it('restoring → loggedOut (always, tokenStored): an undecodable stored token is cleared', () => {
    const storage = memoryStorage(storedSession(undecodableToken));
    const { actor } = start(storage);
    expect(actor.getSnapshot().value).toBe('loggedOut');
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

describe('auth machine, model-based', () => {
  type AuthSnapshot = SnapshotFrom<typeof authMachine>;
  type AuthEvent = EventFromLogic<typeof authMachine>;

  const project = ({ storage: _storage, now: _now, ...rest }: AuthSnapshot['context']) => rest;

  const sampleEvents = (snapshot: AuthSnapshot): AuthEvent[] => {
    if (snapshot.matches('loggingIn')) {
      return [
        { type: 'xstate.done.actor.login', output: loginResult() },
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
    return [
      { type: 'auth.login', name: 'grace.okafor', password: 'secret' },
      { type: 'auth.logout' },
      { type: 'auth.reset' },
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
    const generators = { shortest: getShortestPaths, simple: getSimplePaths };
    for (const [kind, generate] of Object.entries(generators)) {
      const paths = generate(authMachine, { input, events: sampleEvents, serializeState, limit: traversalLimit });

      it(`with ${name}, ${kind} paths reach every state of the model`, () => {
        const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
        const expected = name === 'a valid session stored' ? ['loggedIn', 'loggingOut', 'loggedOut', 'loggingIn'] : ['loggedOut', 'loggingIn', 'loggedIn', 'loggingOut'];
        expect([...reached].sort()).toEqual(expected.map((value) => JSON.stringify(value)).sort());
      });

      for (const path of paths) {
        it(`with ${name}, ${kind} path ${describePath(path)}`, async () => {
          const control = controlledActors();
          const storage = memoryStorage(initial());
          const machine = authMachine.provide({ actors: { login: control.logic(), logout: control.logic() } });
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
