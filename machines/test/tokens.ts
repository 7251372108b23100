/** Unsigned JWTs for tests: the machines decode tokens, they never verify them. */
import type { TokenClaims } from '@formsign/sdk/contract';

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A token with the given claims (header `HS256`, a dummy signature). */
export function makeToken(claims: object): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;
}

/** 2030-01-01T00:00:00Z, in seconds. */
export const farFuture = 1_893_456_000;
/** The time tests run at: 2026-01-01T00:00:00Z, in milliseconds. */
export const testNow = 1_767_225_600_000;

export const adminClaims: TokenClaims = {
  sub: '1001',
  name: 'grace.okafor',
  email: 'grace.okafor@harbourhomes.example',
  first_name: 'Grace',
  last_name: 'Okafor',
  company_name: 'Harbour Homes',
  company: 42,
  envelopes: 500,
  img: 'https://cdn.example/claims/grace.png',
  admin: true,
  iat: farFuture - 3600,
  exp: farFuture,
};

export const basicClaims: TokenClaims = { ...adminClaims, sub: '1002', name: 'sam.lee', admin: false, envelopes: 0 };

export const adminToken = makeToken(adminClaims);
export const basicToken = makeToken(basicClaims);
export const expiredToken = makeToken({ ...adminClaims, exp: testNow / 1000 - 1 });
export const undecodableToken = 'not-a-token';
