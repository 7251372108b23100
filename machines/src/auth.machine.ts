/**
 * Authentication: logged out, a login request, then success or
 * failure. On success the token and the flags are stored and the token is decoded into the
 * user; a token that cannot be decoded is an 'Authentication Failed' error and nothing is
 * stored. On start the stored token is re-read; logging out clears the token, the flags and
 * the icon whatever the server answers.
 *
 * Designed beyond the specification:
 * - Two-factor sign-in: a login that answers code 2 (a code is due) or 3 (an authenticator
 *   app must be set up first) waits in `secondFactor` for the code, or for an emailed one.
 * - Sessions are renewed: a minute before the token expires, and on start when the stored
 *   token has expired (`resuming`), the refresh actor asks for a new one; a session the
 *   server has ended (a refused renewal, or `auth.expired` when a call answers 401) logs out.
 * - Single sign-on: the provider's sign-in ends with the session's refresh cookie set;
 *   `auth.resume` renews it into a token (`resuming`), as on start.
 */
import {
  errorTexts,
  loginCodes,
  textOfCode,
  verifySecondFactorCodes,
  type CodeResult,
  type LoggedInUser,
  type LoginResponse,
  type SecondFactorChallenge,
} from '@formsign/sdk/contract';
import { jwtDecode } from 'jwt-decode';
import { assign, assertEvent, setup } from 'xstate';
import type { KeyValueStorage } from './key-value-storage.js';
import { errorMessage, notProvided } from './request-actor.js';
import { sessionKeys, storageKeys } from './storage-keys.js';

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

/** What the second-factor actor is given: the ticket, and a code to check or a request for an emailed one. */
export type SecondFactorInput = { ticket: string; action: 'verify'; code: string } | { ticket: string; action: 'email' };

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
  /** The second factor a sign-in waits for (codes 2 and 3), or null. */
  challenge: SecondFactorChallenge | null;
  /** What the second-factor step tells the person (the code's text), or null. */
  notice: string | null;
  /** Renewals that failed in a row (for lack of network); the next is tried later each time. */
  refreshFailures: number;
}

export type AuthEvent =
  | { type: 'auth.login'; name: string; password: string }
  | { type: 'auth.verify'; code: string }
  | { type: 'auth.emailCode' }
  | { type: 'auth.cancel' }
  /** A call answered 401: the server no longer knows this session. */
  | { type: 'auth.expired'; message?: string }
  | { type: 'auth.logout' }
  | { type: 'auth.reset' }
  /** A sign-in finished elsewhere (the organisation's provider) left a session cookie: take it up. */
  | { type: 'auth.resume' };

/** The text shown when the server has ended the session. */
export const sessionEndedText = 'Your session has expired. Please log in again.';

/** Renew this long before the token expires. */
export const refreshLeadMs = 60_000;
/** The longest a timer may wait (setTimeout's limit is about 24.8 days). */
const longestDelayMs = 2_000_000_000;

/** When to renew: a minute before expiry, or later after failed renewals (30 s more each, at most 5 minutes). */
export function refreshDelay(context: Pick<AuthContext, 'user' | 'refreshFailures' | 'now'>): number {
  if (context.refreshFailures > 0) return Math.min(30_000 * context.refreshFailures, 300_000);
  const expiration = context.user?.expiration ?? 0;
  return Math.min(Math.max(0, expiration - context.now() - refreshLeadMs), longestDelayMs);
}

/** Whether a failed call means the server has ended the session (not a network failure). */
function sessionEnded(error: unknown): boolean {
  const { status, code } = (error ?? {}) as { status?: unknown; code?: unknown };
  return status === 401 || (status === 200 && code === -1);
}

/** Whether a failed second-factor call ended the sign-in (an expired ticket, too many wrong codes). */
function ticketEnded(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return code === -1 || code === -208;
}

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

/** The flags stored beside a renewed token: the renewal's own (the server's current ones). */
const signedInActions = [
  { type: 'acceptLogin', params: ({ event }: { event: { output: LoginResult } }) => ({ result: event.output }) },
  { type: 'storeSession', params: ({ event }: { event: { output: LoginResult } }) => ({ result: event.output }) },
] as const;

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    /** `client.auth.login({ name, password })`: resolves on codes 1, 2 and 3. */
    login: notProvided<LoginResult, LoginInput>('login'),
    /** `client.auth.verifySecondFactor(input)`: resolves on code 1 (verify) or 2 (email sent). */
    verifySecondFactor: notProvided<LoginResult, SecondFactorInput>('verifySecondFactor'),
    /** `client.auth.refresh()`: a new token for the session (the refresh cookie), on code 1. */
    refresh: notProvided<LoginResult>('refresh'),
    /** `client.auth.logout()`; whatever it answers, the session is cleared. */
    logout: notProvided<CodeResult>('logout'),
  },
  delays: {
    refreshDue: ({ context }) => refreshDelay(context),
  },
  guards: {
    storedSessionValid: ({ context }) => readStoredSession(context.storage, context.now()) !== null,
    tokenStored: ({ context }) => context.storage.getItem(storageKeys.token) !== null,
    tokenDecodes: (_, params: { result: LoginResult }) => userFromToken(params.result.body.token, flagsFromLogin(params.result.body)) !== null,
    secondFactorDue: (_, params: { result: LoginResult }) =>
      (params.result.body.code === 2 || params.result.body.code === 3) && params.result.body.mfa !== undefined,
    sessionEnded: (_, params: { error: unknown }) => sessionEnded(params.error),
    ticketEnded: (_, params: { error: unknown }) => ticketEnded(params.error),
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
      challenge: null,
      notice: null,
      refreshFailures: 0,
    })),
    acceptRenewal: assign((_, params: { result: LoginResult }) => ({
      token: params.result.body.token,
      user: userFromToken(params.result.body.token, flagsFromLogin(params.result.body)),
      refreshFailures: 0,
    })),
    storeSession: ({ context }, params: { result: LoginResult }) => {
      writeSession(context.storage, params.result.body.token, flagsFromLogin(params.result.body));
    },
    awaitSecondFactor: assign((_, params: { result: LoginResult }) => ({
      challenge: params.result.body.mfa ?? null,
      notice: textOfCode(loginCodes, params.result.body.code) ?? null,
      error: null,
    })),
    noteCodeSent: assign((_, params: { result: LoginResult }) => ({
      challenge: params.result.body.mfa ?? null,
      notice: textOfCode(verifySecondFactorCodes, params.result.body.code) ?? null,
      error: null,
    })),
    rejectToken: assign({ error: errorTexts.authenticationFailed }),
    showLoginError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    showSessionEnded: assign((_, params: { message?: string | undefined }) => ({ error: params.message || sessionEndedText })),
    countRefreshFailure: assign(({ context }) => ({ refreshFailures: context.refreshFailures + 1 })),
    clearError: assign({ error: null }),
    forgetChallenge: assign({ challenge: null, notice: null }),
    forgetSession: assign({ user: null, token: null, redirect: null, challenge: null, notice: null, refreshFailures: 0 }),
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
    challenge: null,
    notice: null,
    refreshFailures: 0,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Re-reads the stored token on start; an expired one is renewed if the session still can be.',
      always: [
        { guard: 'storedSessionValid', target: 'loggedIn', actions: 'restoreSession' },
        { guard: 'tokenStored', target: 'resuming', actions: 'clearStoredSession' },
        { target: 'loggedOut' },
      ],
    },
    resuming: {
      description: 'The stored token has expired: asks for a new one (the refresh cookie), else logged out.',
      invoke: {
        id: 'refresh',
        src: 'refresh',
        onDone: [
          { guard: { type: 'tokenDecodes', params: ({ event }) => ({ result: event.output }) }, target: 'loggedIn', actions: signedInActions },
          { target: 'loggedOut' },
        ],
        onError: { target: 'loggedOut' },
      },
    },
    loggedOut: {
      on: {
        'auth.login': { target: 'loggingIn', actions: 'clearError' },
        'auth.reset': { actions: 'clearError' },
        'auth.resume': { target: 'resuming', actions: 'clearError' },
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
            guard: { type: 'secondFactorDue', params: ({ event }) => ({ result: event.output }) },
            target: 'secondFactor',
            actions: { type: 'awaitSecondFactor', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'tokenDecodes', params: ({ event }) => ({ result: event.output }) },
            target: 'loggedIn',
            actions: signedInActions,
          },
          { target: 'loggedOut', actions: 'rejectToken' },
        ],
        onError: {
          target: 'loggedOut',
          actions: { type: 'showLoginError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    secondFactor: {
      description: 'The password was right; waits for the code of the authenticator app, or an emailed one.',
      on: {
        'auth.verify': { target: 'verifying', actions: 'clearError' },
        'auth.emailCode': { target: 'sendingCode', actions: 'clearError' },
        'auth.cancel': { target: 'loggedOut', actions: ['forgetChallenge', 'clearError'] },
        'auth.reset': { actions: 'clearError' },
      },
    },
    verifying: {
      invoke: {
        id: 'verifySecondFactor',
        src: 'verifySecondFactor',
        input: ({ context, event }) => {
          assertEvent(event, 'auth.verify');
          return { ticket: context.challenge?.ticket ?? '', action: 'verify' as const, code: event.code };
        },
        onDone: [
          { guard: { type: 'tokenDecodes', params: ({ event }) => ({ result: event.output }) }, target: 'loggedIn', actions: signedInActions },
          { target: 'loggedOut', actions: ['forgetChallenge', 'rejectToken'] },
        ],
        onError: [
          {
            guard: { type: 'ticketEnded', params: ({ event }) => ({ error: event.error }) },
            target: 'loggedOut',
            actions: ['forgetChallenge', { type: 'showLoginError', params: ({ event }) => ({ error: event.error }) }],
          },
          { target: 'secondFactor', actions: { type: 'showLoginError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    sendingCode: {
      invoke: {
        id: 'verifySecondFactor',
        src: 'verifySecondFactor',
        input: ({ context }) => ({ ticket: context.challenge?.ticket ?? '', action: 'email' as const }),
        onDone: { target: 'secondFactor', actions: { type: 'noteCodeSent', params: ({ event }) => ({ result: event.output }) } },
        onError: [
          {
            guard: { type: 'ticketEnded', params: ({ event }) => ({ error: event.error }) },
            target: 'loggedOut',
            actions: ['forgetChallenge', { type: 'showLoginError', params: ({ event }) => ({ error: event.error }) }],
          },
          { target: 'secondFactor', actions: { type: 'showLoginError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loggedIn: {
      after: { refreshDue: { target: 'refreshing' } },
      on: {
        'auth.logout': { target: 'loggingOut' },
        'auth.expired': {
          target: 'loggedOut',
          actions: ['forgetSession', 'clearStoredSession', { type: 'showSessionEnded', params: ({ event }) => ({ message: event.message }) }],
        },
      },
    },
    refreshing: {
      description: 'Renews the session before its token expires; the person stays signed in meanwhile.',
      invoke: {
        id: 'refresh',
        src: 'refresh',
        onDone: [
          {
            guard: { type: 'tokenDecodes', params: ({ event }) => ({ result: event.output }) },
            target: 'loggedIn',
            actions: [
              { type: 'acceptRenewal', params: ({ event }) => ({ result: event.output }) },
              { type: 'storeSession', params: ({ event }) => ({ result: event.output }) },
            ],
          },
          { target: 'loggedIn', actions: 'countRefreshFailure' },
        ],
        onError: [
          {
            guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) },
            target: 'loggedOut',
            actions: ['forgetSession', 'clearStoredSession', { type: 'showSessionEnded', params: () => ({}) }],
          },
          { target: 'loggedIn', actions: 'countRefreshFailure' },
        ],
      },
      on: {
        'auth.logout': { target: 'loggingOut' },
        'auth.expired': {
          target: 'loggedOut',
          actions: ['forgetSession', 'clearStoredSession', { type: 'showSessionEnded', params: ({ event }) => ({ message: event.message }) }],
        },
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
