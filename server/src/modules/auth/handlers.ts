/**
 * The Auth operations: each turns its request into a call of the services beside it and
 * answers the contract's body. A successful sign-in also sends the session's tokens in the
 * `access-token`, `id-token` and `refresh-token` headers, and the refresh token as an
 * HttpOnly cookie for the browser.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appCodes } from '@formsign/sdk/contract';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { clearRefreshCookie, ensureXsrfCookie, refreshCookieName, setRefreshCookie } from '../../http/cookies.js';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { logIn } from './login.js';
import { requestReset, setNewPassword } from './password-reset.js';
import { activate, register } from './registration.js';
import { continueSignIn } from './second-factor.js';
import { endSession, loginRefusal, renewSession, type SignedIn } from './sessions.js';

type AuthHandlers = Pick<Handlers, 'login' | 'verifySecondFactor' | 'refreshSession' | 'logout' | 'register' | 'activate' | 'forgotPassword' | 'setNewPassword'>;

function origin({ ip, userAgent }: { ip: string; userAgent: string }): Origin {
  return { ip, userAgent };
}

/** Hands the session's tokens to the caller: headers for every client, cookies for the browser. */
function deliver(ctx: ServerContext, raw: FastifyRequest, reply: FastifyReply, { body, tokens }: SignedIn): SignedIn['body'] {
  reply.header('access-token', tokens.accessToken).header('id-token', tokens.idToken).header('refresh-token', tokens.refreshToken);
  setRefreshCookie(raw, reply, tokens.refreshToken, ctx.config.sessionDays);
  ensureXsrfCookie(raw, reply);
  return body;
}

export function authHandlers(ctx: ServerContext): AuthHandlers {
  return {
    async login(request) {
      const outcome = await logIn(ctx, request.body.name, request.body.password, origin(request));
      return outcome.kind === 'answer' ? outcome.body : deliver(ctx, request.raw, request.reply, outcome.signedIn);
    },
    async verifySecondFactor(request) {
      const outcome = await continueSignIn(ctx, request.body, origin(request));
      return outcome.kind === 'answer' ? outcome.body : deliver(ctx, request.raw, request.reply, outcome.signedIn);
    },
    async refreshSession(request) {
      const token = request.body?.refresh_token ?? request.raw.cookies[refreshCookieName];
      const renewed = token ? await renewSession(ctx, token, origin(request)) : null;
      if (!renewed) {
        clearRefreshCookie(request.raw, request.reply);
        return loginRefusal(-1);
      }
      return deliver(ctx, request.raw, request.reply, renewed);
    },
    async logout(request) {
      const { principal } = request;
      await ctx.db.transaction(async (tx) => {
        await endSession(tx, principal.sessionId, ctx.now());
        await recordEvent(tx, { event: 'logout', companyId: principal.companyId, actor: principal, target: principal.name, origin: origin(request) });
      });
      clearRefreshCookie(request.raw, request.reply);
      return { code: 1, message: appCodes.logout['1'].text };
    },
    register: (request) => register(ctx, request.body, origin(request)),
    activate: (request) => activate(ctx, request.body.key, origin(request)),
    forgotPassword: (request) => requestReset(ctx, request.body.email, origin(request)),
    setNewPassword: (request) => setNewPassword(ctx, request.body, origin(request)),
  };
}
