/**
 * Checking a purchase again while its payment is still being processed: every two seconds
 * after the last answer, for up to a minute from the first; after that the page offers
 * "Check again". The schedule is plain timers, each one cancelled when the page is left or
 * the answer changes (`useRecheckWhileOpen`).
 */
import { useEffect, useRef, useState } from 'react';

/** How long after an answer the purchase is asked about again. */
export const recheckEvery = 2_000;
/** How long, from the first answer of a purchase still open, it is asked about by itself. */
export const recheckFor = 60_000;

export interface RecheckTimers {
  now(): number;
  setTimeout(run: () => void, ms: number): ReturnType<typeof setTimeout>;
  clearTimeout(handle: ReturnType<typeof setTimeout>): void;
}

const realTimers: RecheckTimers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle),
};

/**
 * Schedules the next check of a purchase first seen open at `startedAt`: `recheckEvery` from
 * now, when that is still within `recheckFor` of `startedAt`. Answers the function that
 * cancels it, or null when the minute is over and nothing was scheduled.
 */
export function scheduleRecheck(startedAt: number, check: () => void, timers: RecheckTimers = realTimers): (() => void) | null {
  if (timers.now() + recheckEvery > startedAt + recheckFor) return null;
  const handle = timers.setTimeout(check, recheckEvery);
  return () => timers.clearTimeout(handle);
}

/**
 * While `open`, checks again (`check`) `recheckEvery` after each answer (`answer` changes with
 * each one) for `recheckFor`; answers whether it still does, so the page shows "Check again"
 * once it stops.
 */
export function useRecheckWhileOpen(open: boolean, answer: unknown, check: () => void): { rechecking: boolean } {
  const startedAt = useRef<number | null>(null);
  const latestCheck = useRef(check);
  const [stopped, setStopped] = useState(false);
  useEffect(() => {
    latestCheck.current = check;
  });
  useEffect(() => {
    if (!open) return undefined;
    startedAt.current ??= Date.now();
    const cancel = scheduleRecheck(startedAt.current, () => latestCheck.current());
    if (!cancel) {
      setStopped(true);
      return undefined;
    }
    return cancel;
  }, [open, answer]);
  return { rechecking: open && !stopped };
}
