/**
 * Signed addresses of files (`/api/file?key=...&exp=...&sig=...`): a list answers them so a
 * link, an image or a `<track>` can fetch the file without the sign-in token, which lives in
 * local storage and does not travel with a plain link. The HMAC binds the key and the
 * expiry; an address lasts an hour by default.
 */
import type { Keys } from '../auth/keys.js';

export const defaultLinkSeconds = 60 * 60;

export function signedFileUrl(keys: Keys, key: string, now: Date, options: { seconds?: number; name?: string; download?: boolean } = {}): string {
  const exp = Math.floor(now.getTime() / 1000) + (options.seconds ?? defaultLinkSeconds);
  const query = new URLSearchParams({ key, exp: String(exp), sig: keys.mac('file', key, exp) });
  if (options.name) query.set('name', options.name);
  if (options.download) query.set('download', '1');
  return `/api/file?${query.toString()}`;
}

export function fileSignatureValid(keys: Keys, key: string, exp: number, sig: string, now: Date): boolean {
  return exp >= Math.floor(now.getTime() / 1000) && keys.verifyMac(sig, 'file', key, exp);
}
