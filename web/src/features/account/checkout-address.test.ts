import { describe, expect, it } from 'vitest';
import { checkoutAddress } from './checkout-address.ts';

const page = 'https://app.formsign.example';
const providers = ['https://checkout.stripe.com'];

describe('checkoutAddress', () => {
  it.each([
    ['/checkout/return?session_id=cs_1', 'https://app.formsign.example/checkout/return?session_id=cs_1'],
    ['https://app.formsign.example/checkout/return', 'https://app.formsign.example/checkout/return'],
    ['https://checkout.stripe.com/c/pay/cs_1#frag', 'https://checkout.stripe.com/c/pay/cs_1#frag'],
  ])('goes to %s', (url, address) => {
    expect(checkoutAddress(url, page, providers)).toBe(address);
  });

  it.each([
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'https://evil.example/pay',
    '//evil.example/pay',
    '/\\evil.example/pay',
    'http://checkout.stripe.com/c/pay/cs_1',
    'https://user:secret@checkout.stripe.com/c/pay/cs_1',
    'https://checkout.stripe.com.evil.example/c/pay',
    'http://[',
  ])('refuses %s', (url) => {
    expect(checkoutAddress(url, page, providers)).toBeNull();
  });
});
