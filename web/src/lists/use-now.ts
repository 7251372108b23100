/**
 * The time, for what a list says about it (a form is overdue, due soon): read from one clock
 * that all lists share and that moves on every minute while a list shows, never while
 * rendering. Components read it with `useNow()`.
 */
import { useSyncExternalStore } from 'react';

const minute = 60_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function tick(): void {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    // The first list on screen: the time it shows is now, then every minute after.
    tick();
    timer = setInterval(tick, minute);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

function snapshot(): number {
  return now;
}

/** The time in milliseconds, as of the last minute's tick. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot);
}
