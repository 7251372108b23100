/**
 * An integration's credentials (an SFTP server's password or private key): kept sealed with
 * the instance's key for credentials (AES-256-GCM, HKDF from the instance's secret), opened
 * only to deliver, never answered, never written to a log or the audit trail.
 */
import type { Keys } from '../../auth/keys.js';
import type { IntegrationRecord } from './repository.js';
import type { SftpSignIn } from '../../http/sftp.js';

interface Kept {
  password?: string;
  privateKey?: string;
}

export function sealCredentials(keys: Keys, kept: Kept): string | null {
  if (!kept.password && !kept.privateKey) return null;
  return keys.credentials.seal(JSON.stringify(kept));
}

/** What is kept, or an empty record when nothing is (or it cannot be opened). */
export function openCredentials(keys: Keys, sealed: string | null): Kept | null {
  if (!sealed) return {};
  try {
    const value = JSON.parse(keys.credentials.unseal(sealed)) as Kept;
    return {
      ...(typeof value.password === 'string' ? { password: value.password } : {}),
      ...(typeof value.privateKey === 'string' ? { privateKey: value.privateKey } : {}),
    };
  } catch {
    return null;
  }
}

/** The sign-in of an SFTP integration; null when its sealed credentials cannot be opened (another instance's secret). */
export function credentialsOf(keys: Keys, item: Pick<IntegrationRecord, 'username' | 'credentials'>): SftpSignIn | null {
  const kept = openCredentials(keys, item.credentials);
  if (!kept) return null;
  return { username: item.username, ...kept };
}

/** What the answers say of the credentials: whether each is kept, never what it is. */
export function credentialFlags(keys: Keys, item: Pick<IntegrationRecord, 'credentials'>): { has_password: boolean; has_private_key: boolean } {
  const kept = openCredentials(keys, item.credentials) ?? {};
  return { has_password: Boolean(kept.password), has_private_key: Boolean(kept.privateKey) };
}
