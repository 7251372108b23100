/**
 * The test fetch's records keep following their call's signal, whatever the garbage collector
 * does: the signal checks of the middleware and transport tests depend on it.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { recorded } from './support/fake-fetch.js';

/** V8's collector, made callable without starting Node with --expose-gc. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

describe('the fake fetch', () => {
  it("records a request whose signal aborts with the call's, even after a garbage collection", async () => {
    const controller = new AbortController();
    const request = new Request('http://formsign.test/api/contact', { method: 'POST', body: '{"subject":"s"}', signal: controller.signal });
    const copy = recorded(request);
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    controller.abort();
    expect(copy.signal.aborted).toBe(true);
    expect(await copy.json()).toEqual({ subject: 's' });
  });
});
