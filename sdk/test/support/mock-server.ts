/**
 * The Prism mock of the contract, one for the whole project (its global setup,
 * `@formsign/mocks/test-setup`), and a client of it signed in as the administrator of the
 * `LoginAdministrator` example, with the Node XSRF cookie.
 */
// The SDK's own integration tests use the mock; the SDK itself never imports it.
import { inject } from 'vitest';
import type {} from '@formsign/mocks/test-setup';
import { createFormsignClient, type FormsignClient } from '../../src/index.js';
import { administratorToken } from './contract.js';

/** The shared mock's origin. */
export function mockUrl(): string {
  return inject('mockUrl');
}

export function mockClient(): FormsignClient {
  return createFormsignClient({ baseUrl: mockUrl(), token: () => administratorToken, xsrfCookie: () => 'test' });
}
