import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recheckEvery, recheckFor, scheduleRecheck } from './purchase-recheck.ts';

describe('checking a purchase still being processed again', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('checks again two seconds after each answer, for a minute, then stops', () => {
    const startedAt = Date.now();
    const check = vi.fn();
    let checks = 0;
    // Each answer schedules the next check, as the page does when the purchase is still open.
    while (scheduleRecheck(startedAt, check)) {
      vi.advanceTimersByTime(recheckEvery - 1);
      expect(check).toHaveBeenCalledTimes(checks);
      vi.advanceTimersByTime(1);
      checks += 1;
      expect(check).toHaveBeenCalledTimes(checks);
    }
    expect(checks).toBe(recheckFor / recheckEvery);
    expect(Date.now() - startedAt).toBe(recheckFor);
  });

  it('checks nothing once cancelled (the page left, or the purchase settled)', () => {
    const check = vi.fn();
    const cancel = scheduleRecheck(Date.now(), check);
    cancel?.();
    vi.advanceTimersByTime(recheckFor);
    expect(cancel).toBeTypeOf('function');
    expect(check).not.toHaveBeenCalled();
  });

  it('schedules nothing for a purchase first seen open more than a minute ago', () => {
    const check = vi.fn();
    expect(scheduleRecheck(Date.now() - recheckFor, check)).toBeNull();
    vi.advanceTimersByTime(recheckFor);
    expect(check).not.toHaveBeenCalled();
  });
});
