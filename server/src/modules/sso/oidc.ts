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
import { operatorAllows } from '../../http/outbound.js';

export type OidcContext = Pick<ServerContext, 'outbound' | 'config'>;

/** Why this issuer cannot be used, in the product's words, or null. */
export function issuerRefusal(ctx: OidcContext, issuer: string): string | null {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return 'The issuer is not a web address (it starts with https://).';
  }
  if (url.username || url.password) return 'The issuer must not hold a user name or password.';
  if (url.search || url.hash) return 'The issuer is an address without ? or #.';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && operatorAllows(ctx.config.outboundAllow, url.hostname)) return null;
  return 'The issuer must be an https:// address.';
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
    throw new AppError(AppErrorCode.InvalidInput, `The sign-in provider at ${provider.issuer} could not be read: ${reason(error)}`, {
      detail: String(error),
    });
  }
}

/** What went wrong with the provider, in words a person can act on. */
export function reason(error: unknown): string {
  if (error instanceof Error && error.name === 'OutboundError') return error.message;
  if (error instanceof Error && error.cause instanceof Error && error.cause.name === 'OutboundError') return error.cause.message;
  return 'its answer is not an OpenID Connect provider’s.';
}

export { oidc };
