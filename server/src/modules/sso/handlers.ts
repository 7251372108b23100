/**
 * Single sign-on: the administrators' settings (`/sso-settings`), the login page's question
 * (`/sso-lookup`), and the two browser trips (`/sso/start` to the provider, `/sso/callback`
 * back). The trips answer with redirects only: a refusal goes back to the login page with its
 * reason's name (`sso_error`), which the page words; the provider's own words are logged, never
 * shown.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { ensureXsrfCookie, overHttps, setRefreshCookie } from '../../http/cookies.js';
import { finishSingleSignOn } from './finish-sign-in.js';
import { lookUpSingleSignOn } from './look-up.js';
import { findSsoProvider } from './repository.js';
import { saveSingleSignOn } from './save-settings.js';
import { settingsView } from './settings-view.js';
import { flightCookieName, flightCookiePath, flightSeconds } from './sign-in-flight.js';
import { SsoRefusal, startSingleSignOn } from './start-sign-in.js';

type SsoHandlers = Pick<Handlers, 'showSingleSignOn' | 'saveSingleSignOn' | 'lookUpSingleSignOn' | 'startSingleSignOn' | 'finishSingleSignOn'>;

type SsoContext = Pick<ServerContext, 'db' | 'keys' | 'config' | 'now' | 'outbound' | 'log'>;

function back(reply: FastifyReply, failure: string): never {
  return reply.redirect(`/login?sso_error=${failure}`, 303) as never;
}

function forgetFlight(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(flightCookieName, { path: flightCookiePath, httpOnly: true, sameSite: 'lax', secure: overHttps(request) });
}

export function ssoHandlers(ctx: SsoContext): SsoHandlers {
  const refused = (reply: FastifyReply, error: unknown): never => {
    if (error instanceof SsoRefusal) {
      ctx.log.warn({ failure: error.failure, detail: error.message }, 'single sign-on refused');
      return back(reply, error.failure);
    }
    throw error;
  };
  return {
    async showSingleSignOn({ principal }) {
      return settingsView(ctx.config, await findSsoProvider(ctx.db, principal.companyId));
    },
    async saveSingleSignOn({ body, principal, ip, userAgent }) {
      return saveSingleSignOn(ctx, principal, body, { ip, userAgent });
    },
    async lookUpSingleSignOn({ body }) {
      return lookUpSingleSignOn(ctx.db, body);
    },
    async startSingleSignOn({ query, raw, reply }) {
      try {
        const { location, cookie } = await startSingleSignOn(ctx, query.organisation);
        // Lax: the provider's redirect back is a top-level navigation from its site.
        reply.setCookie(flightCookieName, cookie, {
          path: flightCookiePath,
          httpOnly: true,
          sameSite: 'lax',
          secure: overHttps(raw),
          maxAge: flightSeconds,
        });
        return reply.redirect(location, 303) as never;
      } catch (error) {
        return refused(reply, error);
      }
    },
    async finishSingleSignOn({ query, raw, reply, ip, userAgent }) {
      forgetFlight(raw, reply);
      const search = raw.url.includes('?') ? raw.url.slice(raw.url.indexOf('?')) : '';
      try {
        const { tokens } = await finishSingleSignOn(ctx, raw.cookies[flightCookieName], query, search, { ip, userAgent });
        setRefreshCookie(raw, reply, tokens.refreshToken, ctx.config.sessionDays);
        ensureXsrfCookie(raw, reply);
        return reply.redirect('/login?sso=signed-in', 303) as never;
      } catch (error) {
        return refused(reply, error);
      }
    },
  };
}
