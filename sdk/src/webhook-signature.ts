/**
 * Checking a formsign webhook's signature, for a receiver (Node 20+ or a browser: Web Crypto).
 * The header is `formsign-signature: t=<unix time>,v1=<hex HMAC-SHA256 of "t.body">`, keyed
 * with the subscription's secret, the scheme Stripe uses. Pass the body exactly as received
 * (the raw text, not parsed and re-encoded). A time further than the tolerance from now (5
 * minutes by default) is refused, so a captured delivery cannot be replayed later.
 */
export interface VerifyWebhookOptions {
  /** How far the signature's time may be from now (300 seconds). */
  toleranceSeconds?: number;
  /** The time to check against (now). */
  now?: Date;
}

/** What of Web Crypto and the text encoder is used, typed here: the SDK's DOM-free entry has no DOM types. */
interface WebPlatform {
  crypto: {
    subtle: {
      importKey(format: 'raw', key: Uint8Array, algorithm: { name: 'HMAC'; hash: 'SHA-256' }, extractable: false, usages: ['sign']): Promise<unknown>;
      sign(algorithm: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
    };
  };
  TextEncoder: new () => { encode(text: string): Uint8Array };
}

const platform = globalThis as unknown as WebPlatform;
const encode = (text: string): Uint8Array => new platform.TextEncoder().encode(text);

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Compares two strings in a time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return difference === 0;
}

/**
 * True when `header` signs `body` with `secret` within the tolerance; false for a missing or
 * malformed header, a time out of tolerance, or a signature that does not match.
 */
export async function verifyWebhookSignature(
  body: string,
  header: string | null | undefined,
  secret: string,
  { toleranceSeconds = 300, now = new Date() }: VerifyWebhookOptions = {},
): Promise<boolean> {
  const parts = (header ?? '').split(',').map((part) => part.trim().split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  const signatures = parts.filter(([key, value]) => key === 'v1' && value).map(([, value]) => value as string);
  if (!t || !/^\d+$/.test(t) || signatures.length === 0) return false;
  if (Math.abs(Math.floor(now.getTime() / 1000) - Number(t)) > toleranceSeconds) return false;
  const { subtle } = platform.crypto;
  const key = await subtle.importKey('raw', encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const expected = hex(await subtle.sign('HMAC', key, encode(`${t}.${body}`)));
  // Every v1 is compared (a secret being rolled may sign with two).
  let match = false;
  for (const signature of signatures) match = sameText(signature, expected) || match;
  return match;
}
