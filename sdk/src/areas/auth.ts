import { assertSuccessCode, withSuccessCode } from '../api-error.js';
import type { CallOptions, Transport } from '../transport.js';
import type { CodeResult, LoginResponse, RegisterRequest, SetNewPasswordRequest } from '../types.js';

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
  /** Logs in (`challenge: false`). Rejects with the login text unless the code is 1; decoding the token is the caller's job. */
  login(credentials: { name: string; password: string }, options?: CallOptions): Promise<LoginResult>;
  logout(options?: CallOptions): Promise<CodeResult>;
  /** Registers a company account; rejects with the code's text unless the code is 1. */
  register(body: RegisterRequest, options?: CallOptions): Promise<CodeResult>;
  /** Activates an account; rejects with the code's text unless the code is 1. */
  activate(body: { key: string }, options?: CallOptions): Promise<CodeResult>;
  /** Asks for a reset email; codes 1 and 201 succeed; -3 and -203 reject with an empty message. */
  forgotPassword(body: { email: string }, options?: CallOptions): Promise<CodeResult>;
  /** Sets a new password from a reset link; rejects with the code's text unless the code is 1. */
  setNewPassword(body: SetNewPasswordRequest, options?: CallOptions): Promise<CodeResult>;
}

export function authApi({ api, send, exchange }: Transport): AuthApi {
  return {
    async login({ name, password }, options) {
      const { data, response } = await exchange((init) => api.POST('/login', { ...init, body: { name, password, challenge: false } }), options);
      assertSuccessCode('login', data, { preferServerMessage: true });
      const { headers } = response;
      return {
        body: data,
        headers: { accessToken: headers.get('access-token'), idToken: headers.get('id-token'), refreshToken: headers.get('refresh-token') },
      };
    },
    logout: (options) => withSuccessCode('logout', send((init) => api.POST('/logout', init), options)),
    async register(body, options) {
      const data = await send((init) => api.POST('/register', { ...init, body }), options);
      assertSuccessCode('register', data);
      return data;
    },
    async activate({ key }, options) {
      const data = await send((init) => api.POST('/activate', { ...init, body: { key } }), options);
      assertSuccessCode('activate', data);
      return data;
    },
    async forgotPassword({ email }, options) {
      const data = await send((init) => api.POST('/forgot-password', { ...init, body: { email } }), options);
      assertSuccessCode('forgotPassword', data);
      return data;
    },
    async setNewPassword({ userId, timestamp, hashedPassword, password }, options) {
      const data = await send((init) => api.POST('/set-new-password', { ...init, body: { userId, timestamp, hashedPassword, password } }), options);
      assertSuccessCode('setNewPassword', data);
      return data;
    },
  };
}
