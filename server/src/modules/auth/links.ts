/**
 * The links the product emails, made so that nothing secret is stored:
 * - a password link (`/user/reset/{userId}/{timestamp}/{hashedPassword}`, for a reset and for
 *   an invitation) carries the HMAC of the user, the time it was made and the current
 *   password hash, so it stops working once the password changes; it expires after an hour
 *   (an invitation's after seven days);
 * - an activation link (`/activate?key=...`) carries the user and the HMAC of the user and
 *   address; once the account is active it answers "already active".
 */
import type { Keys } from '../../auth/keys.js';
import type { UserRecord } from '../users/repository.js';

export const resetLinkSeconds = 60 * 60;
export const invitationLinkDays = 7;

/** The password a link is bound to: the current hash, or the invitation's empty one. */
function passwordState(user: Pick<UserRecord, 'passwordHash'>): string {
  return user.passwordHash ?? 'invited';
}

export function passwordLink(keys: Keys, publicUrl: string, user: Pick<UserRecord, 'id' | 'passwordHash'>, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `${publicUrl}/user/reset/${user.id}/${timestamp}/${keys.mac('password', user.id, timestamp, passwordState(user))}`;
}

/** How long a password link lasts for this person: an invitation lasts longer than a reset. */
export function passwordLinkSeconds(user: Pick<UserRecord, 'passwordHash'>): number {
  return user.passwordHash ? resetLinkSeconds : invitationLinkDays * 24 * 60 * 60;
}

export function passwordLinkMatches(keys: Keys, user: Pick<UserRecord, 'id' | 'passwordHash'>, timestamp: number, mac: string): boolean {
  return keys.verifyMac(mac, 'password', user.id, timestamp, passwordState(user));
}

export function activationLink(keys: Keys, publicUrl: string, user: Pick<UserRecord, 'id' | 'email'>): string {
  return `${publicUrl}/activate?key=${user.id}.${keys.mac('activate', user.id, user.email.toLowerCase())}`;
}

/** The user id and HMAC of an activation key; null when it is not one. */
export function parseActivationKey(key: string): { id: number; mac: string } | null {
  const [idText = '', mac = ''] = key.split('.');
  const id = Number(idText);
  return Number.isInteger(id) && id >= 1 && mac ? { id, mac } : null;
}

export function activationMatches(keys: Keys, user: Pick<UserRecord, 'id' | 'email'>, mac: string): boolean {
  return keys.verifyMac(mac, 'activate', user.id, user.email.toLowerCase());
}
