/**
 * The organisation's OpenID Connect provider as `openid-client` sees it. Every request to the
 * provider (discovery, its keys, the token and userinfo endpoints) goes through the server's
 * guarded outbound client: public addresses only, unless the operator allows more
 * (`FORMSIGN_OUTBOUND_ALLOW`). The issuer must be https://, except a host the operator allows
 * (an intranet's provider, or the one the tests start).
 */
import * as oidc from 'openid-client';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { operatorAllows, type OutboundError } from '../../http/outbound.js';
import { msg, type Words } from '#words';

export type OidcContext = Pick<ServerContext, 'outbound' | 'config'>;

/** Why this issuer cannot be used, in the product's words, or null. */
const oidcTexts = {
  notWebAddress: msg({ message: 'The issuer is not a web address (it starts with https://).' }),
  credentials: msg({ message: 'The issuer must not hold a user name or password.' }),
  query: msg({ message: 'The issuer is an address without ? or #.' }),
  notHttps: msg({ message: 'The issuer must be an https:// address.' }),
  unreadable: msg({ message: 'The sign-in provider at {issuer} could not be read: {reason}' }),
  notOpenId: msg({ message: 'its answer is not an OpenID Connect provider’s.' }),
};

export function issuerRefusal(ctx: OidcContext, issuer: string): Words | null {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return oidcTexts.notWebAddress;
  }
  if (url.username || url.password) return oidcTexts.credentials;
  if (url.search || url.hash) return oidcTexts.query;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && operatorAllows(ctx.config.outboundAllow, url.hostname)) return null;
  return oidcTexts.notHttps;
}

/** `fetch` for openid-client, through the guarded client (its bodies are forms or nothing). */
function guardedFetch(ctx: OidcContext): oidc.CustomFetch {
  return async (url, options) => {
    const body =
      options.body === undefined || options.body === null
        ? undefined
        : options.body instanceof URLSearchParams
          ? options.body.toString()
          : options.body;
    if (body !== undefined && typeof body !== 'string') throw new Error('The sign-in provider was asked something this server does not send.');
    return ctx.outbound.fetch(url, { method: options.method, headers: options.headers, ...(body === undefined ? {} : { body }) });
  };
}

/** The provider's configuration, read from its discovery document. */
export async function providerConfiguration(
  ctx: OidcContext,
  provider: { issuer: string; clientId: string },
  clientSecret: string | undefined,
): Promise<oidc.Configuration> {
  const refusal = issuerRefusal(ctx, provider.issuer);
  if (refusal) throw new AppError(AppErrorCode.InvalidInput, refusal);
  const insecure = new URL(provider.issuer).protocol === 'http:';
  try {
    return await oidc.discovery(
      new URL(provider.issuer),
      provider.clientId,
      clientSecret === undefined ? undefined : { client_secret: clientSecret },
      clientSecret === undefined ? oidc.None() : oidc.ClientSecretPost(clientSecret),
      { [oidc.customFetch]: guardedFetch(ctx), ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) },
    );
  } catch (error) {
    throw new AppError(AppErrorCode.InvalidInput, oidcTexts.unreadable, {
      values: { issuer: provider.issuer, reason: reason(error) },
      detail: String(error),
    });
  }
}

/** What went wrong with the provider, in words a person can act on. */
export function reason(error: unknown): Words {
  const outbound = (candidate: unknown): candidate is OutboundError => candidate instanceof Error && candidate.name === 'OutboundError';
  if (outbound(error)) return error.words;
  if (error instanceof Error && outbound(error.cause)) return error.cause.words;
  return oidcTexts.notOpenId;
}

export { oidc };
