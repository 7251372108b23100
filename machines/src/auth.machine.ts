/**
 * Authentication (specification, section 4): logged out, a login request, then success or
 * failure. On success (the login actor resolves only on code 1) the token and the flags are
 * stored and the token is decoded into the user; a token that cannot be decoded is an
 * 'Authentication Failed' error and nothing is stored. On start the stored token is re-read;
 * logging out clears the token, the flags and the icon whatever the server answers.
 */
import { errorTexts, type components } from '@formsign/sdk/contract';
import { jwtDecode } from 'jwt-decode';
import { assign, assertEvent, setup } from 'xstate';
import type { KeyValueStorage } from './key-value-storage.js';
import { errorMessage, notProvided } from './request-actor.js';
import { sessionKeys, storageKeys } from './storage-keys.js';

export type LoginResponse = components['schemas']['LoginResponse'];
export type LoggedInUser = components['schemas']['LoggedInUser'];
export type TokenClaims = components['schemas']['TokenClaims'];
type CodeResult = components['schemas']['CodeResult'];

/** What the login actor is given (the SDK adds `challenge: false`). */
export interface LoginInput {
  name: string;
  password: string;
}

/** What the login actor resolves with: the body of a code-1 answer and the session headers. */
export interface LoginResult {
  body: LoginResponse;
  headers: { accessToken: string | null; idToken: string | null; refreshToken: string | null };
}

/** The login flags the user is built from, as stored beside the token. */
export interface SessionFlags {
  isSuper: boolean;
  /** The personal-account flag; the user is personal only if also an administrator. */
  isPersonal: boolean;
  isSubAdmin: boolean;
  isFrontAdmin: boolean;
  /** The user's icon (`userIcon`); when empty the token's `img` claim is used. */
  img: string;
}

export interface AuthInput {
  storage: KeyValueStorage;
  /** The current time in milliseconds; `Date.now` unless a test injects a clock. */
  now?: () => number;
}

export interface AuthContext {
  storage: KeyValueStorage;
  now: () => number;
  /** The signed-in user, or null when logged out. */
  user: LoggedInUser | null;
  /** The signed token, or null when logged out. */
  token: string | null;
  /** The text to show for the last failure, or null. */
  error: string | null;
  /** Where to go after this login (the response's `url`; empty for the dashboard); null otherwise. */
  redirect: string | null;
}

export type AuthEvent =
  | { type: 'auth.login'; name: string; password: string }
  | { type: 'auth.logout' }
  | { type: 'auth.reset' };

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

function count(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : 0;
}

function isTrue(value: unknown): boolean {
  return value === true || value === 1 || value === 'true' || value === '1';
}

/**
 * The signed-in user of a token: its claims plus the derived flags. Returns null when the
 * token cannot be decoded. Missing claims become empty strings and zeros.
 */
export function userFromToken(token: string, flags: SessionFlags): LoggedInUser | null {
  let claims: unknown;
  try {
    claims = jwtDecode(token);
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return null;
  const c = claims as Record<string, unknown>;
  const isAdmin = isTrue(c['admin']);
  const exp = count(c['exp']);
  const claimImg = text(c['img']);
  return {
    sub: text(c['sub']),
    name: text(c['name']),
    email: text(c['email']),
    first_name: text(c['first_name']),
    last_name: text(c['last_name']),
    company_name: text(c['company_name']),
    company: count(c['company']),
    envelopes: count(c['envelopes']),
    img: flags.img !== '' ? flags.img : claimImg,
    admin: isAdmin,
    iat: count(c['iat']),
    exp,
    isAdmin,
    isSuper: flags.isSuper,
    isPersonal: flags.isPersonal && isAdmin,
    isSubAdmin: flags.isSubAdmin,
    isFrontAdmin: flags.isFrontAdmin,
    expiration: exp * 1000,
  };
}

/** The flags of a login response, as the user is built from them (the recorded mapping). */
export function flagsFromLogin(body: LoginResponse): SessionFlags {
  return {
    isSuper: body.issuper === true,
    isPersonal: body.isPersonal === true,
    isSubAdmin: body.isadmin === true,
    isFrontAdmin: body.isfront === true,
    img: typeof body.img === 'string' ? body.img : '',
  };
}

/** The flags stored beside the token. */
export function readStoredFlags(storage: KeyValueStorage): SessionFlags {
  return {
    isSuper: storage.getItem(storageKeys.isSuper) === 'true',
    isPersonal: storage.getItem(storageKeys.isPersonal) === 'true',
    isSubAdmin: storage.getItem(storageKeys.isSubAdmin) === 'true',
    isFrontAdmin: storage.getItem(storageKeys.isFrontAdmin) === 'true',
    img: storage.getItem(storageKeys.userIcon) ?? '',
  };
}

/**
 * The session kept in storage, if its token decodes and has not expired at `now`
 * (milliseconds); null otherwise.
 */
export function readStoredSession(storage: KeyValueStorage, now: number): { token: string; user: LoggedInUser } | null {
  const token = storage.getItem(storageKeys.token);
  if (!token) return null;
  const user = userFromToken(token, readStoredFlags(storage));
  if (!user || !(user.expiration > now)) return null;
  return { token, user };
}

function writeSession(storage: KeyValueStorage, token: string, flags: SessionFlags): void {
  storage.setItem(storageKeys.token, token);
  storage.setItem(storageKeys.isSuper, String(flags.isSuper));
  storage.setItem(storageKeys.isPersonal, String(flags.isPersonal));
  storage.setItem(storageKeys.isSubAdmin, String(flags.isSubAdmin));
  storage.setItem(storageKeys.isFrontAdmin, String(flags.isFrontAdmin));
  storage.setItem(storageKeys.userIcon, flags.img);
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    /** `client.auth.login({ name, password })`: resolves on code 1 only. */
    login: notProvided<LoginResult, LoginInput>('login'),
    /** `client.auth.logout()`; whatever it answers, the session is cleared. */
    logout: notProvided<CodeResult>('logout'),
  },
  guards: {
    storedSessionValid: ({ context }) => readStoredSession(context.storage, context.now()) !== null,
    tokenStored: ({ context }) => context.storage.getItem(storageKeys.token) !== null,
    tokenDecodes: (_, params: { result: LoginResult }) =>
      userFromToken(params.result.body.token, flagsFromLogin(params.result.body)) !== null,
  },
  actions: {
    restoreSession: assign(({ context }) => {
      const session = readStoredSession(context.storage, context.now());
      return { user: session?.user ?? null, token: session?.token ?? null };
    }),
    acceptLogin: assign((_, params: { result: LoginResult }) => ({
      token: params.result.body.token,
      user: userFromToken(params.result.body.token, flagsFromLogin(params.result.body)),
      redirect: params.result.body.url,
      error: null,
    })),
    storeSession: ({ context }, params: { result: LoginResult }) => {
      writeSession(context.storage, params.result.body.token, flagsFromLogin(params.result.body));
    },
    rejectToken: assign({ error: errorTexts.authenticationFailed }),
    showLoginError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    clearError: assign({ error: null }),
    forgetSession: assign({ user: null, token: null, redirect: null }),
    clearStoredSession: ({ context }) => {
      for (const key of sessionKeys) context.storage.removeItem(key);
    },
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    storage: input.storage,
    now: input.now ?? (() => Date.now()),
    user: null,
    token: null,
    error: null,
    redirect: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Re-reads the stored token on start.',
      always: [
        { guard: 'storedSessionValid', target: 'loggedIn', actions: 'restoreSession' },
        { guard: 'tokenStored', target: 'loggedOut', actions: 'clearStoredSession' },
        { target: 'loggedOut' },
      ],
    },
    loggedOut: {
      on: {
        'auth.login': { target: 'loggingIn', actions: 'clearError' },
        'auth.reset': { actions: 'clearError' },
      },
    },
    loggingIn: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'auth.login');
          return { name: event.name, password: event.password };
        },
        onDone: [
          {
            guard: { type: 'tokenDecodes', params: ({ event }) => ({ result: event.output }) },
            target: 'loggedIn',
            actions: [
              { type: 'acceptLogin', params: ({ event }) => ({ result: event.output }) },
              { type: 'storeSession', params: ({ event }) => ({ result: event.output }) },
            ],
          },
          { target: 'loggedOut', actions: 'rejectToken' },
        ],
        onError: {
          target: 'loggedOut',
          actions: { type: 'showLoginError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loggedIn: {
      on: {
        'auth.logout': { target: 'loggingOut' },
      },
    },
    loggingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'loggedOut', actions: ['forgetSession', 'clearStoredSession'] },
        onError: { target: 'loggedOut', actions: ['forgetSession', 'clearStoredSession'] },
      },
    },
  },
});
