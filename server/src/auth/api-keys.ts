/**
 * Organisations' API keys: what a key looks like, how it is kept (its SHA-256 only), and the
 * principal a call made with one acts as. A key acts for the administrator who made it,
 * inside that person's company, with the key's role (never above the person's own role now:
 * a key made by an administrator who was since made a basic user acts as a basic user), and
 * stops working when that person is blocked or deleted.
 */
import { createHash, randomBytes } from 'node:crypto';
import { roleOfFlags, roleStanding, type Role } from '@formsign/sdk/contract';
import type { Database } from '../db/database.js';
import { findKeyByHash, touchKey } from './api-key-repository.js';
import { flagsOfRole, personFlags, principalOf, type Principal } from './principal.js';
import { msg } from '#words';

export const apiKeyMark = 'fs_live_';
/** `fs_live_` and the first four characters of the secret: enough to tell keys apart, nothing to guess with. */
const prefixLength = apiKeyMark.length + 4;

export type ApiKeyRole = 'admin' | 'personal' | 'basic';

/** Whether a bearer value is an API key (rather than a person's token). */
export function isApiKey(bearer: string): boolean {
  return bearer.startsWith(apiKeyMark);
}

/** The SHA-256 of a key, hex: a 256-bit random secret needs no slow hash. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new key: the secret shown once, its hash and its prefix. */
export function newApiKey(): { secret: string; hash: string; prefix: string } {
  const secret = `${apiKeyMark}${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashApiKey(secret), prefix: secret.slice(0, prefixLength) };
}

/** How the trail names a key: `api key "CRM export" (fs_live_q7Xc)`. */
export function apiKeyLabel(key: { name: string; prefix: string }): string {
  return `api key "${key.name}" (${key.prefix})`;
}

/** The texts a call with a key is refused with (the contract's examples of 401 and 403). */
export const apiKeyTexts = {
  unknown: msg({ message: 'This API key is not valid.' }),
  revoked: msg({ message: 'This API key has been revoked.' }),
  expired: msg({ message: 'This API key has expired.' }),
  refused: msg({ message: 'An API key cannot do this. Sign in as a person to do it.' }),
};

export type KeyResolution = { principal: Principal } | { refused: keyof typeof apiKeyTexts };

/** The lower of two roles' standing (a key never acts above the person it acts for). */
function lowerRole(a: Role, b: Role): Role {
  return roleStanding[a] <= roleStanding[b] ? a : b;
}

/** Whether the key's last day (`YYYY-MM-DD`, UTC) is before today. */
export function keyExpired(expiresAt: string | null, now: Date): boolean {
  return expiresAt !== null && expiresAt < now.toISOString().slice(0, 10);
}

export async function resolveApiKey(db: Database, secret: string, now: Date): Promise<KeyResolution> {
  // Anything longer than a key is not one; nothing of it is hashed or looked up.
  if (secret.length > 64) return { refused: 'unknown' };
  const row = await findKeyByHash(db, hashApiKey(secret));
  if (!row || row.person.userBlocked || row.person.companyId !== row.key.companyId) return { refused: 'unknown' };
  if (row.key.revokedAt) return { refused: 'revoked' };
  if (keyExpired(row.key.expiresAt, now)) return { refused: 'expired' };
  const role = lowerRole(row.key.role, roleOfFlags(personFlags(row.person)));
  if (!row.key.lastUsedAt || now.getTime() - row.key.lastUsedAt.getTime() >= 60_000) await touchKey(db, row.key.id, now);
  const apiKey = { id: row.key.id, name: row.key.name, prefix: row.key.prefix };
  return { principal: principalOf(row.person, flagsOfRole(role), { sessionId: '', deviceId: null, apiKey }) };
}
