/**
 * The Auth operations: each turns its request into a call of the use case beside it and
 * answers the contract's body. A successful sign-in also sends the session's tokens in the
 * `access-token`, `id-token` and `refresh-token` headers, and the refresh token as an
 * HttpOnly cookie for the browser. Refusals answer in the login body's shape (`refusals.ts`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Origin } from '../../audit/audit.js';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { clearRefreshCookie, ensureXsrfCookie, refreshCookieName, setRefreshCookie } from '../../http/cookies.js';
import { activateAccount } from './activate-account.js';
import { registerAccount } from './register-account.js';
import { renewSession } from './renew-session.js';
import { requestPasswordReset } from './request-password-reset.js';
import type { SignedIn } from './sessions.js';
import { setNewPassword } from './set-new-password.js';
import { signIn, type SignInOutcome } from './sign-in.js';
import { signOut } from './sign-out.js';
import { verifySecondFactor } from './verify-second-factor.js';

type AuthHandlers = Pick<
  Handlers,
  'login' | 'verifySecondFactor' | 'refreshSession' | 'logout' | 'register' | 'activate' | 'forgotPassword' | 'setNewPassword'
>;

type AuthContext = Pick<ServerContext, 'db' | 'now' | 'keys' | 'config' | 'passwords' | 'mail' | 'jobs' | 'log'>;

function origin({ ip, userAgent }: { ip: string; userAgent: string }): Origin {
  return { ip, userAgent };
}

/** Hands the session's tokens to the caller: headers for every client, cookies for the browser. */
function deliver(ctx: Pick<ServerContext, 'config'>, raw: FastifyRequest, reply: FastifyReply, { body, tokens }: SignedIn): SignedIn['body'] {
  reply.header('access-token', tokens.accessToken).header('id-token', tokens.idToken).header('refresh-token', tokens.refreshToken);
  setRefreshCookie(raw, reply, tokens.refreshToken, ctx.config.sessionDays);
  ensureXsrfCookie(raw, reply);
  return body;
}

/** The answer of a sign-in: its tokens delivered, or what it waits for. */
function answerOf(ctx: Pick<ServerContext, 'config'>, raw: FastifyRequest, reply: FastifyReply, outcome: SignInOutcome): SignedIn['body'] {
  return outcome.kind === 'waiting' ? outcome.body : deliver(ctx, raw, reply, outcome.signedIn);
}

export function authHandlers(ctx: AuthContext): AuthHandlers {
  return {
    async login(request) {
      return answerOf(ctx, request.raw, request.reply, await signIn(ctx, request.body.name, request.body.password, origin(request)));
    },
    async verifySecondFactor(request) {
      return answerOf(ctx, request.raw, request.reply, await verifySecondFactor(ctx, request.body, origin(request)));
    },
    async refreshSession(request) {
      const token = request.body?.refresh_token ?? request.raw.cookies[refreshCookieName];
      return deliver(ctx, request.raw, request.reply, await renewSession(ctx, token, origin(request)));
    },
    async logout(request) {
      const answer = await signOut(ctx, request.principal, origin(request));
      clearRefreshCookie(request.raw, request.reply);
      return answer;
    },
    register: (request) => registerAccount(ctx, request.body, origin(request), request.language),
    activate: (request) => activateAccount(ctx, request.body.key, origin(request)),
    forgotPassword: (request) => requestPasswordReset(ctx, request.body.email, origin(request)),
    setNewPassword: (request) => setNewPassword(ctx, request.body, origin(request)),
  };
}
