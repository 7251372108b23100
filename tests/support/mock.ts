/** The contract mock for the tests of one file (or one `describe`): started before them, stopped after. */
import { afterAll, beforeAll } from 'vitest';
import { startMock, type MockServer } from '@formsign/mocks';

/** Answers the mock's origin, once the mock has started. */
export function mockForTheseTests(): () => string {
  let mock: MockServer | undefined;
  beforeAll(async () => {
    mock = await startMock();
  }, 90_000);
  afterAll(async () => {
    await mock?.stop();
  });
  return () => {
    if (!mock) throw new Error('The mock has not started');
    return mock.url;
  };
}
