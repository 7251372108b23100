/**
 * The Prism mock of the contract, started once per test file, and a client of it signed in
 * as the administrator of the `LoginAdministrator` example, with the Node XSRF cookie.
 */
// The SDK's own integration tests start the mock; the SDK itself never imports it.
import { startMock, type MockServer } from '@formsign/mocks';
import { createFormsignClient, type FormsignClient } from '../../src/index.js';
import { administratorToken } from './contract.js';

export type { MockServer };
export { startMock };

export function mockClient(mock: MockServer): FormsignClient {
  return createFormsignClient({ baseUrl: mock.url, token: () => administratorToken, xsrfCookie: () => 'test' });
}
