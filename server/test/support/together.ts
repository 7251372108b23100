/**
 * Requests made to meet. Each request's first transaction waits until every request has
 * reached its first transaction, or has finished without one; then they all go on at once.
 * Whatever a request read before its transaction, it read before any of them changed
 * anything: the moment a race needs, made certain instead of left to timing (requests through
 * the test server tend to run one after the other). On PostgreSQL the transactions then run
 * side by side on the pool's connections; the embedded database takes them one at a time.
 */
import type { Database } from '../../src/db/database.js';
import type { TestServer } from './test-server.js';

export async function together<T>(server: TestServer, calls: readonly (() => Promise<T>)[]): Promise<T[]> {
  const original = server.ctx.db;
  let arrived = 0;
  let settled = 0;
  let open = false;
  let release = (): void => undefined;
  const gate = new Promise<void>((resolve) => {
    release = () => {
      open = true;
      resolve();
    };
  });
  const check = (): void => {
    if (!open && arrived + settled >= calls.length) release();
  };
  const meeting = new Proxy(original, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'transaction' || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        if (!open) {
          arrived += 1;
          check();
          await gate;
        }
        return (value as (...parameters: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as Database;
  server.ctx.db = meeting;
  try {
    return await Promise.all(
      calls.map((call) =>
        call().finally(() => {
          // A request that never reached a transaction no longer holds the others back.
          if (!open) settled += 1;
          check();
        }),
      ),
    );
  } finally {
    server.ctx.db = original;
  }
}
