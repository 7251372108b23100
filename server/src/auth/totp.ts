/**
 * Time-based one-time passwords (RFC 6238, as authenticator apps make them): HMAC-SHA1, 30
 * seconds, 6 digits, secrets in base32. A code is accepted one step either side of now, for
 * clocks that drift.
 */
import { createHmac, randomBytes } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const totpPeriodSeconds = 30;

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error('Not base32.');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret for an authenticator app: 160 random bits, in base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The HOTP code of a counter (RFC 4226). */
export function hotp(secret: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 15;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / totpPeriodSeconds);
}

/** The code an app shows at `now`. */
export function totpCode(secret: string, now: Date): string {
  return hotp(base32Decode(secret), totpStep(now));
}

/** The time step a code belongs to (now, or one step either side), or null when it is wrong. */
export function matchTotp(secret: string, code: string, now: Date): number | null {
  const key = base32Decode(secret);
  const step = totpStep(now);
  for (const candidate of [step, step - 1, step + 1]) {
    if (hotp(key, candidate) === code) return candidate;
  }
  return null;
}

/** The `otpauth:` address an app reads from a QR code. */
export function otpauthUri(secret: string, account: string, issuer = 'formsign'): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=${totpPeriodSeconds}`;
}
