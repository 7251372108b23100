/**
 * The contract mock's origin for the contract suites: one mock for the whole project, started by
 * its global setup (`@formsign/mocks/test-setup`).
 */
import { inject } from 'vitest';
import type {} from '@formsign/mocks/test-setup';

export function mockUrl(): string {
  return inject('mockUrl');
}
