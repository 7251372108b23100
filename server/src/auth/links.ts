/**
 * The links the product emails, made so that nothing secret is stored:
 * - a password link (`/user/reset/{userId}/{timestamp}/{hashedPassword}`, for a reset and for
 *   an invitation) carries the HMAC of the user, the time it was made and the current
 *   password hash, so it stops working once the password changes; it expires after an hour
 *   (an invitation's after seven days);
 * - an activation link (`/activate?key=...`) carries the user and the HMAC of the user and
 *   address; once the account is active it answers "already active";
 * - a link to confirm a new email address (`/confirm-email?key=...`) carries the user, the
 *   time the change was asked, the new address and their HMAC; it works while that change is
 *   the one waiting (the user's pending address and its time), for 24 hours.
 */
import type { Keys } from './keys.js';

/** What a link reads of a person. */
interface LinkedUser {
  id: number;
  email: string;
  /** The current password hash; null for an invitation not yet taken. */
  passwordHash: string | null;
}

export const resetLinkSeconds = 60 * 60;
export const invitationLinkDays = 7;

/** The password a link is bound to: the current hash, or the invitation's empty one. */
function passwordState(user: Pick<LinkedUser, 'passwordHash'>): string {
  return user.passwordHash ?? 'invited';
}

export function passwordLink(keys: Keys, publicUrl: string, user: Pick<LinkedUser, 'id' | 'passwordHash'>, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `${publicUrl}/user/reset/${user.id}/${timestamp}/${keys.mac('password', user.id, timestamp, passwordState(user))}`;
}

/** How long a password link lasts for this person: an invitation lasts longer than a reset. */
export function passwordLinkSeconds(user: Pick<LinkedUser, 'passwordHash'>): number {
  return user.passwordHash ? resetLinkSeconds : invitationLinkDays * 24 * 60 * 60;
}

export function passwordLinkMatches(keys: Keys, user: Pick<LinkedUser, 'id' | 'passwordHash'>, timestamp: number, mac: string): boolean {
  return keys.verifyMac(mac, 'password', user.id, timestamp, passwordState(user));
}

export function activationLink(keys: Keys, publicUrl: string, user: Pick<LinkedUser, 'id' | 'email'>): string {
  return `${publicUrl}/activate?key=${user.id}.${keys.mac('activate', user.id, user.email.toLowerCase())}`;
}

/** The user id and HMAC of an activation key; null when it is not one. */
export function parseActivationKey(key: string): { id: number; mac: string } | null {
  const [idText = '', mac = ''] = key.split('.');
  const id = Number(idText);
  return Number.isInteger(id) && id >= 1 && mac ? { id, mac } : null;
}

export function activationMatches(keys: Keys, user: Pick<LinkedUser, 'id' | 'email'>, mac: string): boolean {
  return keys.verifyMac(mac, 'activate', user.id, user.email.toLowerCase());
}

/** How long a link to confirm a new email address lasts. */
export const emailChangeLinkHours = 24;

export interface EmailChangeKey {
  userId: number;
  /** When the change was asked, in seconds: the link works for that change only. */
  timestamp: number;
  /** The new address, as it was typed. */
  email: string;
}

/**
 * The key of a link to confirm a new email address (`/confirm-email?key=...`): the user, the
 * time the change was asked, the new address (base64url) and the HMAC of the three. Nothing
 * is stored but the change itself (the user's pending address and its time).
 */
export function emailChangeKey(keys: Keys, change: EmailChangeKey): string {
  const mac = keys.mac('email-change', change.userId, change.timestamp, change.email.toLowerCase());
  return [change.userId, change.timestamp, Buffer.from(change.email, 'utf8').toString('base64url'), mac].join('.');
}

export function emailChangeLink(keys: Keys, publicUrl: string, change: EmailChangeKey): string {
  return `${publicUrl}/confirm-email?key=${emailChangeKey(keys, change)}`;
}

/** What a key says, when the server made it; null for anything else. */
export function readEmailChangeKey(keys: Keys, key: string): EmailChangeKey | null {
  const parts = key.split('.');
  if (parts.length !== 4) return null;
  const [idText = '', timestampText = '', addressText = '', mac = ''] = parts;
  const userId = Number(idText);
  const timestamp = Number(timestampText);
  if (!/^\d+$/.test(idText) || !Number.isSafeInteger(userId) || userId < 1 || !/^\d+$/.test(timestampText) || !Number.isSafeInteger(timestamp))
    return null;
  const email = Buffer.from(addressText, 'base64url').toString('utf8');
  if (!email || !mac) return null;
  return keys.verifyMac(mac, 'email-change', userId, timestamp, email.toLowerCase()) ? { userId, timestamp, email } : null;
}
