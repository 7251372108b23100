/**
 * Waits until the real servers answer (the one with the demo and the fresh one), which start
 * beside the mock (tests/e2e-servers.ts): the `server` and `fresh` projects depend on this, so
 * the mock's tests begin as soon as the mock answers, while the real servers migrate and seed.
 */
import { expect, test } from '@playwright/test';
import { e2eFreshPort, e2eServerPort } from './settings.ts';

for (const [name, port] of [
  ['the demo', e2eServerPort],
  ['the fresh', e2eFreshPort],
] as const) {
  test(`${name} server answers`, async ({ request }) => {
    test.setTimeout(120_000);
    await expect
      .poll(async () => (await request.get(`http://localhost:${port}/login`).catch(() => null))?.status(), { timeout: 115_000, intervals: [250] })
      .toBe(200);
  });
}
