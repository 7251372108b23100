/**
 * The signature of a delivery, the scheme Stripe uses: the header
 * `formsign-signature: t=<unix time>,v1=<HMAC-SHA256 of "t.body" with the subscription's secret, hex>`.
 * A receiver checks it with the SDK's `verifyWebhookSignature`, and refuses a time too old.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const signatureHeader = 'formsign-signature';

export function webhookSignature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}

/** A new secret: 32 random bytes, as Stripe's `whsec_` secrets are written. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

/** What the answers say of a secret: its last characters, to tell which one a receiver holds. */
export function secretHint(secret: string): string {
  return `…${secret.slice(-4)}`;
}
