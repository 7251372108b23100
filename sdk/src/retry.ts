/**
 * Retries, when a client asks for them (`retry`): which failures are tried again and how long
 * to wait first. Calls that change nothing or change it the same way however often they run
 * (GET, PUT, ...) are tried again after a network failure, a time-out of the client's own, and
 * 408, 429, 502, 503 or 504, waiting longer each time (exponential backoff with jitter). Any
 * call answered 429 or 503 with `Retry-After` waits that long and is tried again: the server
 * said it did not take the request. Nothing else is retried (a 500 may have done its work).
 */
import type { ApiErrorKind } from './api-error.js';

export interface RetryOptions {
  /** How many times a failed call is tried again; 2 by default. */
  retries?: number;
  /** The first wait in milliseconds, about doubled on each try; 300 by default. */
  minDelay?: number;
  /** The longest wait in milliseconds; a longer `Retry-After` is not waited for (the call fails). 10 000 by default. */
  maxDelay?: number;
}

export interface RetryPolicy {
  retries: number;
  minDelay: number;
  maxDelay: number;
  /** A number in [0, 1) for the jitter; `Math.random` unless a test gives its own. */
  random: () => number;
}

/** What the policy needs to know of a failed try. */
export interface FailedTry {
  method: string;
  kind: ApiErrorKind;
  status: number;
  /** The response's `Retry-After` in milliseconds, when it had a readable one. */
  retryAfter?: number;
}

export const idempotentMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'TRACE']);
const retriedStatuses: ReadonlySet<number> = new Set([408, 429, 502, 503, 504]);

export function retryPolicy(option: boolean | RetryOptions | undefined, random: () => number = Math.random): RetryPolicy | null {
  if (!option) return null;
  const { retries = 2, minDelay = 300, maxDelay = 10_000 } = option === true ? {} : option;
  return { retries: Math.max(0, Math.floor(retries)), minDelay: Math.max(0, minDelay), maxDelay: Math.max(0, maxDelay), random };
}

/** `Retry-After` (seconds, or an HTTP date) in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** How long to wait before trying again after try number `attempt` (0 for the first), or undefined to give up. */
export function retryDelay(policy: RetryPolicy, attempt: number, failed: FailedTry): number | undefined {
  if (attempt >= policy.retries) return undefined;
  if ((failed.status === 429 || failed.status === 503) && failed.retryAfter !== undefined) {
    return failed.retryAfter <= policy.maxDelay ? failed.retryAfter : undefined;
  }
  if (!idempotentMethods.has(failed.method)) return undefined;
  const retried = failed.kind === 'network' || failed.kind === 'timeout' || (failed.kind === 'http' && retriedStatuses.has(failed.status));
  if (!retried) return undefined;
  const ceiling = Math.min(policy.maxDelay, policy.minDelay * 2 ** attempt);
  // "Equal jitter": at least half the ceiling, so waits grow, and spread so clients do not retry in step.
  return ceiling / 2 + policy.random() * (ceiling / 2);
}
