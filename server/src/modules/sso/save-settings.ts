/**
 * An administrator configures the organisation's sign-in provider. The issuer is checked by
 * reading its discovery document (through the guarded outbound client) whenever the issuer or
 * client changes and the provider is on. Changing the issuer or client forgets that a sign-in
 * through it worked; requiring single sign-on (passwords off) is refused until one has, so an
 * organisation cannot lock itself out with a provider that does not work. The instance's super
 * users keep their passwords whatever an organisation requires: the way back.
 */
import type { SingleSignOnInput, SingleSignOnSettings } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { issuerRefusal, providerConfiguration } from './oidc.js';
import { lockSsoProvider, saveSsoProvider } from './repository.js';
import { settingsView } from './settings-view.js';
import { msg, filled, type Words } from '#words';

const refuse = (message: Words): AppError => new AppError(AppErrorCode.InvalidInput, message);

export async function saveSingleSignOn(
  ctx: Pick<ServerContext, 'db' | 'keys' | 'config' | 'now' | 'outbound'>,
  principal: Principal,
  input: SingleSignOnInput,
  origin: Origin,
): Promise<SingleSignOnSettings> {
  const issuer = input.issuer.trim().replace(/\/+$/, '');
  const clientId = input.client_id.trim();
  const displayName = input.display_name.trim();
  const secret = input.client_secret?.trim() ? input.client_secret.trim() : undefined;
  if (input.enabled) {
    if (!issuer) throw refuse(msg({ message: 'Enter the issuer address of your sign-in provider.' }));
    const refusal = issuerRefusal(ctx, issuer);
    if (refusal) throw refuse(refusal);
    if (!clientId) throw refuse(msg({ message: 'Enter the client ID your sign-in provider gave you.' }));
    if (!displayName) throw refuse(msg({ message: 'Enter the name people see on the sign-in button.' }));
  }

  return ctx.db.transaction(async (tx) => {
    const kept = await lockSsoProvider(tx, principal.companyId);
    const sameClient = kept !== undefined && kept.issuer === issuer && kept.clientId === clientId;
    const clientSecret = secret ? ctx.keys.credentials.seal(secret) : sameClient ? kept.clientSecret : null;
    if (input.enabled) {
      if (!clientSecret) throw refuse(msg({ message: 'Enter the client secret your sign-in provider gave you.' }));
      if (!sameClient || secret) {
        // The provider answers its discovery document: it exists and is an OpenID provider.
        await providerConfiguration(ctx, { issuer, clientId }, undefined);
      }
    }
    const verifiedAt = sameClient && !secret ? kept.verifiedAt : null;
    if (input.required && input.enabled && !verifiedAt) {
      throw refuse(
        displayName
          ? filled(
              msg({
                message:
                  'Sign in with your provider once before turning passwords off: sign out, choose "Sign in with {provider}", then come back here.',
              }),
              {
                provider: displayName,
              },
            )
          : msg({
              message:
                'Sign in with your provider once before turning passwords off: sign out, choose "Sign in with your provider", then come back here.',
            }),
      );
    }
    const row = await saveSsoProvider(tx, {
      companyId: principal.companyId,
      enabled: input.enabled,
      issuer,
      clientId,
      clientSecret,
      displayName,
      allowCreate: input.allow_create,
      required: input.enabled && input.required,
      verifiedAt,
      updatedAt: ctx.now(),
    });
    await recordEvent(tx, {
      event: 'settings-saved',
      companyId: principal.companyId,
      actor: principal,
      target: 'Single sign-on',
      details: { enabled: row.enabled, issuer: row.issuer, allow_create: row.allowCreate, required: row.required },
      origin,
    });
    return settingsView(ctx.config, row);
  });
}
