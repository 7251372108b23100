/**
 * Sign-in tokens. The access token is an HS256 JWT carrying the claims the app decodes
 * (`TokenClaims` of the contract) and the session id; the id token says who signed in, for
 * clients that want it without decoding the access token; the refresh token is random and
 * only its hash is kept.
 */
import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { TokenClaims } from '@formsign/sdk/contract';
import type { Keys } from './keys.js';

const issuer = 'formsign';
const audience = 'formsign';

export type AccessClaims = Omit<TokenClaims, 'iat' | 'exp'> & { sid: string };

export interface VerifiedToken {
  userId: number;
  sessionId: string;
  expiresAt: number;
}

export async function signAccessToken(keys: Keys, claims: AccessClaims, now: Date, ttlSeconds: number): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(keys.tokens);
}

export async function signIdToken(
  keys: Keys,
  who: { sub: string; name: string; email: string; given_name: string; family_name: string },
  now: Date,
  ttlSeconds: number,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...who, token_use: 'id' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(keys.tokens);
}

/** The user and session of a valid, unexpired access token; null for anything else. */
export async function verifyAccessToken(keys: Keys, token: string, now: Date): Promise<VerifiedToken | null> {
  try {
    const { payload } = await jwtVerify(token, keys.tokens, { issuer, audience, algorithms: ['HS256'], currentDate: now });
    const userId = Number(payload.sub);
    if (payload['token_use'] === 'id' || !Number.isInteger(userId) || typeof payload['sid'] !== 'string' || typeof payload.exp !== 'number')
      return null;
    return { userId, sessionId: payload['sid'], expiresAt: payload.exp };
  } catch {
    return null;
  }
}

/** A new random secret (a refresh token, a ticket, a session id) with its prefix. */
export function randomToken(prefix: string, bytes = 32): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

/** The stored form of a random secret: its SHA-256. */
export function digest(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
