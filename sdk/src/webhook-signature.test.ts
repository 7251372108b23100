import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from './webhook-signature.js';

const secret = 'whsec_test_secret';
const body = '{"id":"evt_1","type":"form.completed","data":{}}';
const now = new Date('2026-11-24T12:00:00Z');
const t = Math.floor(now.getTime() / 1000);
const sign = (at: number, text: string, key = secret) => `t=${at},v1=${createHmac('sha256', key).update(`${at}.${text}`).digest('hex')}`;

describe('verifyWebhookSignature', () => {
  it('accepts the body signed with the secret within the tolerance', async () => {
    expect(await verifyWebhookSignature(body, sign(t, body), secret, { now })).toBe(true);
    expect(await verifyWebhookSignature(body, sign(t - 299, body), secret, { now })).toBe(true);
  });

  it('refuses a tampered body, another secret, an old time and a malformed header', async () => {
    expect(await verifyWebhookSignature(body.replace('completed', 'declined'), sign(t, body), secret, { now })).toBe(false);
    expect(await verifyWebhookSignature(body, sign(t, body, 'whsec_other'), secret, { now })).toBe(false);
    expect(await verifyWebhookSignature(body, sign(t - 301, body), secret, { now })).toBe(false);
    expect(await verifyWebhookSignature(body, sign(t - 3600, body), secret, { now, toleranceSeconds: 7200 })).toBe(true);
    for (const header of [undefined, '', 'v1=abc', `t=${t}`, `t=abc,v1=00`])
      expect(await verifyWebhookSignature(body, header, secret, { now })).toBe(false);
  });
});
