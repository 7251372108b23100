import { assertSuccessCodeOf, withSuccessCodeOf } from '../api-error.js';
import {
  activateCodes,
  forgotPasswordCodes,
  loginCodes,
  logoutCodes,
  refreshSessionCodes,
  registerCodes,
  setNewPasswordCodes,
  verifySecondFactorCodes,
} from '../generated/app-codes/auth.js';
import type { CallOptions, Transport } from '../transport.js';
import type {
  CodeResult,
  LoginResponse,
  RegisterRequest,
  SecondFactorRequest,
  SetNewPasswordRequest,
  SingleSignOnLookup,
  SingleSignOnOffer,
} from '../types.js';

/** The session tokens `/login` sends in its response headers; null when absent. */
export interface SessionTokens {
  accessToken: string | null;
  idToken: string | null;
  refreshToken: string | null;
}

export interface LoginResult {
  body: LoginResponse;
  headers: SessionTokens;
}

export interface AuthApi {
  /**
   * Logs in (`challenge: false`). Resolves on code 1 (signed in), 2 (a second factor is due)
   * and 3 (two-factor sign-in must be set up first; `body.mfa` says what), and rejects with
   * the login text otherwise; decoding the token is the caller's job.
   */
  login(credentials: { name: string; password: string }, options?: CallOptions): Promise<LoginResult>;
  /** Finishes a code-2 or code-3 login: `verify` a code (resolves on code 1), or have one `email`ed (resolves on code 2). */
  verifySecondFactor(body: SecondFactorRequest, options?: CallOptions): Promise<LoginResult>;
  /** Renews the session: with the login's refresh token, or (in a browser) the refresh cookie when none is given. Resolves on code 1. */
  refresh(refreshToken?: string | null, options?: CallOptions): Promise<LoginResult>;
  logout(options?: CallOptions): Promise<CodeResult>;
  /** Registers a company account; rejects with the code's text unless the code is 1. */
  register(body: RegisterRequest, options?: CallOptions): Promise<CodeResult>;
  /** Activates an account; rejects with the code's text unless the code is 1. */
  activate(body: { key: string }, options?: CallOptions): Promise<CodeResult>;
  /** Asks for a reset email; codes 1 and 201 succeed; -3 and -203 reject with an empty message. */
  forgotPassword(body: { email: string }, options?: CallOptions): Promise<CodeResult>;
  /** Sets a new password from a reset link; rejects with the code's text unless the code is 1. */
  setNewPassword(body: SetNewPasswordRequest, options?: CallOptions): Promise<CodeResult>;
  /** Whether the login page offers "Sign in with <provider>" for a typed name (or an organisation). */
  singleSignOn(lookup: SingleSignOnLookup, options?: CallOptions): Promise<SingleSignOnOffer>;
}

/** Where the browser goes to sign in with the organisation's provider (`/sso/start`), under the API's base. */
export function singleSignOnStart(organisation: number, baseUrl = '/api'): string {
  return `${baseUrl}/sso/start?organisation=${encodeURIComponent(String(organisation))}`;
}

function sessionTokens({ headers }: Response): SessionTokens {
  return { accessToken: headers.get('access-token'), idToken: headers.get('id-token'), refreshToken: headers.get('refresh-token') };
}

export function authApi({ api, send, exchange }: Transport): AuthApi {
  return {
    async login({ name, password }, options) {
      const { data, response } = await exchange((init) => api.POST('/login', { ...init, body: { name, password, challenge: false } }), options);
      assertSuccessCodeOf(loginCodes, data, { preferServerMessage: true });
      return { body: data, headers: sessionTokens(response) };
    },
    async verifySecondFactor(body, options) {
      const { data, response } = await exchange((init) => api.POST('/login-mfa', { ...init, body }), options);
      assertSuccessCodeOf(verifySecondFactorCodes, data, { preferServerMessage: true });
      return { body: data, headers: sessionTokens(response) };
    },
    async refresh(refreshToken, options) {
      const body = refreshToken ? { refresh_token: refreshToken } : {};
      const { data, response } = await exchange((init) => api.POST('/refresh', { ...init, body }), options);
      assertSuccessCodeOf(refreshSessionCodes, data);
      return { body: data, headers: sessionTokens(response) };
    },
    logout: (options) =>
      withSuccessCodeOf(
        logoutCodes,
        send((init) => api.POST('/logout', init), options),
      ),
    async register(body, options) {
      const data = await send((init) => api.POST('/register', { ...init, body }), options);
      assertSuccessCodeOf(registerCodes, data);
      return data;
    },
    async activate({ key }, options) {
      const data = await send((init) => api.POST('/activate', { ...init, body: { key } }), options);
      assertSuccessCodeOf(activateCodes, data);
      return data;
    },
    async forgotPassword({ email }, options) {
      const data = await send((init) => api.POST('/forgot-password', { ...init, body: { email } }), options);
      assertSuccessCodeOf(forgotPasswordCodes, data);
      return data;
    },
    async setNewPassword({ userId, timestamp, hashedPassword, password }, options) {
      const data = await send((init) => api.POST('/set-new-password', { ...init, body: { userId, timestamp, hashedPassword, password } }), options);
      assertSuccessCodeOf(setNewPasswordCodes, data);
      return data;
    },
    singleSignOn: (lookup, options) => send((init) => api.POST('/sso-lookup', { ...init, body: lookup }), options),
  };
}
