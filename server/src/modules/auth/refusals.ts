/**
 * The answer of a sign-in that does not (yet) start a session: the login operations answer
 * their application code in the success body's shape, with an empty token, and a refused
 * renewal also forgets the browser's refresh cookie.
 */
import type { LoginResponse } from '@formsign/sdk/contract';
import type { RefusalBodies } from '../../http/errors.js';
import { clearRefreshCookie } from '../../http/cookies.js';

/** A login body without a session: the code, the server's message, and nothing else. */
export function sessionlessBody(code: number, message = ''): LoginResponse {
  return { code, token: '', issuper: false, isPersonal: false, isadmin: false, isfront: false, url: '', img: '', message, session: '', username: '' };
}

export function authRefusalBodies(): Pick<RefusalBodies, 'login' | 'verifySecondFactor' | 'refreshSession'> {
  return {
    login: (refusal) => sessionlessBody(refusal.code, refusal.message),
    verifySecondFactor: (refusal) => sessionlessBody(refusal.code, refusal.message),
    refreshSession: (refusal, request) => {
      clearRefreshCookie(request.raw, request.reply);
      return sessionlessBody(refusal.code, refusal.message);
    },
  };
}
