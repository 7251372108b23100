/**
 * Where a person goes once signed in (the address they first asked for, kept as `surl`,
 * else the login's `url`, else the dashboard), kept to the paths of this app: an address that
 * a browser would resolve to another site (`//evil.example`, `/\evil.example`, `https://...`,
 * `javascript:...`) is never followed.
 */
import { storageKeys } from '@formsign/machines';

/** The key-value storage the address is kept in (the browser's local storage). */
export interface AddressStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const fallbackAddress = '/dashboard';

/**
 * The path, query and fragment of `candidate` when the browser resolves it to a page of
 * `origin` and it was written as a path (`/...`); otherwise null. The answer is the resolved
 * form, so what is followed is exactly what was checked.
 */
export function appPath(candidate: string, origin: string): string | null {
  if (!candidate.startsWith('/')) return null;
  let resolved: URL;
  try {
    resolved = new URL(candidate, origin);
  } catch {
    return null;
  }
  if (resolved.origin !== new URL(origin).origin) return null;
  return resolved.pathname + resolved.search + resolved.hash;
}

/** Where to go now: the remembered address, else `redirect`, else the dashboard; only paths of this app. Reads, never writes. */
export function nextAddress(redirect: string | null, storage: Pick<AddressStorage, 'getItem'>, origin: string): string {
  for (const candidate of [storage.getItem(storageKeys.surl), redirect]) {
    const path = candidate ? appPath(candidate, origin) : null;
    if (path !== null) return path;
  }
  return fallbackAddress;
}

/** Remembers the address a signed-out visitor asked for. */
export function rememberAddress(address: string, storage: Pick<AddressStorage, 'setItem'>): void {
  storage.setItem(storageKeys.surl, address);
}

/** Forgets the remembered address once it has been followed. */
export function forgetAddress(storage: Pick<AddressStorage, 'removeItem'>): void {
  storage.removeItem(storageKeys.surl);
}
