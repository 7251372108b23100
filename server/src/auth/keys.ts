/**
 * The instance's secret and the keys derived from it (HKDF, one per purpose): one to sign
 * tokens, one for the HMAC of emailed links, one to seal stored secrets (authenticator apps'),
 * one to seal the credentials integrations sign in to other systems with. The secret is
 * `FORMSIGN_SECRET` when given; otherwise one is generated on first start and kept in the
 * database, so every server process of an instance shares it.
 */
import { createCipheriv, createDecipheriv, createHmac, createSecretKey, hkdfSync, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { instance } from '../db/schema.js';

export interface Keys {
  /** Signs and checks sign-in tokens (HS256): a key object, which every call uses as it is (raw bytes would be imported again each time). */
  tokens: KeyObject;
  /** The HMAC of `purpose` and `parts`, base64url. */
  mac(purpose: string, ...parts: readonly (string | number)[]): string;
  /** Whether `value` is the HMAC of `purpose` and `parts` (in constant time). */
  verifyMac(value: string, purpose: string, ...parts: readonly (string | number)[]): boolean;
  /** Encrypts a stored secret (AES-256-GCM). */
  seal(plain: string): string;
  /** Decrypts what `seal` made; throws when it was changed. */
  unseal(sealed: string): string;
  /** Encrypts and decrypts integrations' credentials (AES-256-GCM, with a key of their own). */
  credentials: Sealer;
}

export interface Sealer {
  seal(plain: string): string;
  /** Throws when the sealed value was changed or sealed with another key. */
  unseal(sealed: string): string;
}

function sealer(key: Buffer): Sealer {
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
    },
    unseal(sealed) {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !body) throw new Error('Not a sealed value.');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}

function derive(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'formsign', purpose, 32));
}

export function keysFrom(secret: string): Keys {
  const tokens = derive(secret, 'tokens');
  const links = derive(secret, 'links');
  const mac = (purpose: string, ...parts: readonly (string | number)[]): string =>
    createHmac('sha256', links)
      .update([purpose, ...parts].join('\u0000'))
      .digest('base64url');
  return {
    tokens: createSecretKey(tokens),
    mac,
    verifyMac(value, purpose, ...parts) {
      const expected = Buffer.from(mac(purpose, ...parts));
      const given = Buffer.from(value);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    ...sealer(derive(secret, 'sealing')),
    credentials: sealer(derive(secret, 'integration-credentials')),
  };
}

/** The configured secret, or the instance's own (generated and stored on first start). */
export async function loadSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) {
    if (configured.length < 32) throw new Error('FORMSIGN_SECRET must be at least 32 characters long.');
    return configured;
  }
  await db
    .insert(instance)
    .values({ key: 'secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: instance.value }).from(instance).where(eq(instance.key, 'secret'));
  if (!row) throw new Error('The instance secret could not be stored.');
  return row.value;
}
