/**
 * Starting a single sign-on: the organisation's provider is read (discovery), a state, a nonce
 * and a PKCE verifier are made and sealed into the flight, and the browser is sent to the
 * provider's authorization endpoint (authorization code, S256).
 */
import type { ServerContext } from '../../context.js';
import { AppError } from '../../errors/app-error.js';
import { oidc, providerConfiguration } from './oidc.js';
import { findSsoProvider } from './repository.js';
import { redirectUri } from './settings-view.js';
import { flightSeconds, sealFlight } from './sign-in-flight.js';

/** Why a sign-in through the provider did not happen; the login page words each (`sso_error`). */
export type SsoFailure =
  | 'not-offered'
  | 'provider-unreachable'
  | 'expired'
  | 'refused-by-provider'
  | 'not-confirmed'
  | 'no-account'
  | 'other-organisation'
  | 'blocked'
  | 'super-user'
  | 'failed';

export class SsoRefusal extends Error {
  constructor(
    readonly failure: SsoFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'SsoRefusal';
  }
}

export async function startSingleSignOn(
  ctx: Pick<ServerContext, 'db' | 'keys' | 'config' | 'now' | 'outbound'>,
  companyId: number,
): Promise<{ location: string; cookie: string }> {
  const provider = await findSsoProvider(ctx.db, companyId);
  if (!provider?.enabled) throw new SsoRefusal('not-offered', `Organisation ${companyId} has no sign-in provider on.`);
  let config: oidc.Configuration;
  try {
    config = await providerConfiguration(ctx, provider, undefined);
  } catch (error) {
    throw new SsoRefusal('provider-unreachable', error instanceof AppError ? error.message : String(error));
  }
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const location = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(ctx.config),
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const cookie = sealFlight(ctx.keys, {
    companyId,
    issuer: provider.issuer,
    clientId: provider.clientId,
    state,
    nonce,
    verifier,
    expires: ctx.now().getTime() + flightSeconds * 1000,
  });
  return { location: location.href, cookie };
}
