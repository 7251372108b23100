/**
 * Coming back from the provider: the flight's state, nonce and PKCE verifier are checked by
 * `openid-client` (with the issuer and the ID token's signature, audience and times), the code
 * exchanged with the client secret. The person is the one whose address the provider says it
 * verified (`email_verified` true), among the flight's organisation's people only: an address
 * of another organisation's person never signs anyone in. Someone the organisation does not
 * have yet is created as a basic user when it allows that. The session then starts as a
 * password sign-in's does; the app's own second factor is not asked (the provider is the one
 * that checks who signs in, with its own factors). The instance's super users are never signed
 * in by an organisation's provider: they sign in with their password.
 */
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { ServerContext } from '../../context.js';
import { freeLoginName, findByEmail, insertUser, updateUser } from '../users/repository.js';
import { startSession, type SignedIn } from '../auth/sessions.js';
import { oidc, providerConfiguration } from './oidc.js';
import { findSsoProvider, markSsoProviderVerified } from './repository.js';
import { redirectUri } from './settings-view.js';
import { openFlight } from './sign-in-flight.js';
import { SsoRefusal } from './start-sign-in.js';

export interface CallbackQuery {
  code?: string;
  state?: string;
  iss?: string;
  error?: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export async function finishSingleSignOn(
  ctx: Pick<ServerContext, 'db' | 'keys' | 'config' | 'now' | 'outbound'>,
  sealedFlight: string | undefined,
  query: CallbackQuery,
  search: string,
  origin: Origin,
): Promise<SignedIn> {
  const flight = openFlight(ctx.keys, sealedFlight, ctx.now());
  if (!flight) throw new SsoRefusal('expired', 'No sign-in in flight in this browser, or it has expired.');
  if (query.error) throw new SsoRefusal('refused-by-provider', `The provider answered ${query.error}.`);
  if (!query.state || query.state !== flight.state) throw new SsoRefusal('failed', 'The state is not the one sent.');
  const provider = await findSsoProvider(ctx.db, flight.companyId);
  if (!provider?.enabled || provider.issuer !== flight.issuer || provider.clientId !== flight.clientId || !provider.clientSecret)
    throw new SsoRefusal('expired', 'The provider was changed or turned off since the sign-in started.');
  let secret: string;
  try {
    secret = ctx.keys.credentials.unseal(provider.clientSecret);
  } catch {
    throw new SsoRefusal('failed', 'The client secret cannot be opened (sealed by another instance).');
  }

  let claims: Record<string, unknown>;
  try {
    const config = await providerConfiguration(ctx, provider, secret);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(`${redirectUri(ctx.config)}${search}`), {
      pkceCodeVerifier: flight.verifier,
      expectedState: flight.state,
      expectedNonce: flight.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('No ID token.');
    claims = { ...idToken };
    if (typeof idToken['email'] !== 'string') {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
      claims = { ...info, ...idToken };
    }
  } catch (error) {
    throw new SsoRefusal('failed', `The provider's answer was not accepted: ${error instanceof Error ? error.message : String(error)}`);
  }

  const email = text(claims['email']).trim().toLowerCase();
  if (!email || claims['email_verified'] !== true) throw new SsoRefusal('not-confirmed', `The provider did not confirm ${email || 'an address'}.`);

  const now = ctx.now();
  const signedIn = await ctx.db.transaction(async (tx) => {
    let user = await findByEmail(tx, email);
    if (user && user.companyId !== flight.companyId) throw new SsoRefusal('other-organisation', `${email} belongs to another organisation's person.`);
    if (!user) {
      if (!provider.allowCreate) throw new SsoRefusal('no-account', `${email} has no account in the organisation.`);
      user = await insertUser(tx, {
        companyId: flight.companyId,
        name: await freeLoginName(tx, email),
        email,
        passwordHash: null,
        firstName: text(claims['given_name']).slice(0, 100),
        lastName: text(claims['family_name']).slice(0, 100),
        role: 'basic',
        activatedAt: now,
      });
      await recordEvent(tx, {
        event: 'registered',
        companyId: flight.companyId,
        actor: { userId: user.id, name: user.name },
        target: user.name,
        details: { via: 'single sign-on' },
        origin,
      });
    }
    // An organisation's provider never signs in the instance's super users: its administrator
    // controls the provider, and would otherwise reach the whole instance through it.
    if (user.isSuper) throw new SsoRefusal('super-user', `${user.name} is a super user of the instance.`);
    if (user.blockedAt) throw new SsoRefusal('blocked', `${user.name} is blocked.`);
    // The provider confirmed the address: an invited person's account is active from now on.
    if (!user.activatedAt) user = (await updateUser(tx, user.id, { activatedAt: now })) ?? user;
    if (!provider.verifiedAt) await markSsoProviderVerified(tx, flight.companyId, now);
    return startSession(ctx, tx, user, origin);
  });
  if (!signedIn) throw new SsoRefusal('blocked', 'The device is blocked.');
  return signedIn;
}
