/**
 * What the answers say of an organisation's provider: never its client secret, only whether
 * one is kept; and the address to register with the provider.
 */
import type { SingleSignOnSettings } from '@formsign/sdk/contract';
import type { ServerConfig } from '../../config.js';
import type { SsoProviderRecord } from './repository.js';

/** The one address the provider sends people back to. */
export function redirectUri(config: Pick<ServerConfig, 'publicUrl'>): string {
  return `${config.publicUrl}/api/sso/callback`;
}

export function settingsView(config: Pick<ServerConfig, 'publicUrl'>, row: SsoProviderRecord | undefined): SingleSignOnSettings {
  return {
    configured: Boolean(row),
    enabled: row?.enabled ?? false,
    issuer: row?.issuer ?? '',
    client_id: row?.clientId ?? '',
    has_client_secret: Boolean(row?.clientSecret),
    display_name: row?.displayName ?? '',
    allow_create: row?.allowCreate ?? false,
    required: row?.required ?? false,
    verified: Boolean(row?.verifiedAt),
    redirect_uri: redirectUri(config),
  };
}
