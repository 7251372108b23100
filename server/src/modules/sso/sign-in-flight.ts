/**
 * A single sign-on in flight: the state, nonce and PKCE verifier of one trip to the provider,
 * kept in the browser in a cookie sealed with the instance's key (AES-256-GCM), for ten minutes,
 * sent only to the callback. Nothing of it is readable or changeable by the browser, and the
 * callback accepts only the state it holds, so a code obtained for someone else's browser
 * cannot sign this one in.
 */
import type { Keys } from '../../auth/keys.js';

export const flightCookieName = 'formsign-sso';
export const flightCookiePath = '/api/sso/callback';
export const flightSeconds = 600;

export interface Flight {
  companyId: number;
  issuer: string;
  clientId: string;
  state: string;
  nonce: string;
  verifier: string;
  /** When it stops being accepted, in milliseconds since 1970. */
  expires: number;
}

export function sealFlight(keys: Keys, flight: Flight): string {
  return keys.seal(JSON.stringify({ purpose: 'sso', ...flight }));
}

/** The flight the cookie holds, or null when it was changed, is another's or has expired. */
export function openFlight(keys: Keys, sealed: string | undefined, now: Date): Flight | null {
  if (!sealed) return null;
  try {
    const value = JSON.parse(keys.unseal(sealed)) as Partial<Flight> & { purpose?: unknown };
    if (value.purpose !== 'sso') return null;
    const { companyId, issuer, clientId, state, nonce, verifier, expires } = value;
    if (typeof companyId !== 'number' || typeof issuer !== 'string' || typeof clientId !== 'string') return null;
    if (typeof state !== 'string' || typeof nonce !== 'string' || typeof verifier !== 'string' || typeof expires !== 'number') return null;
    if (expires <= now.getTime()) return null;
    return { companyId, issuer, clientId, state, nonce, verifier, expires };
  } catch {
    return null;
  }
}
