import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleTranslationResize, translationMenuWidth, translationResizeDelay } from './translation-resize.ts';

describe('the translation menu resize', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 3 seconds after a route change', () => {
    expect(translationResizeDelay).toBe(3_000);
    const resize = vi.fn();
    scheduleTranslationResize(resize);
    vi.advanceTimersByTime(2_999);
    expect(resize).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(resize).toHaveBeenCalledTimes(1);
  });

  it('is cancelled when the route changes again first', () => {
    const resize = vi.fn();
    const cancel = scheduleTranslationResize(resize);
    vi.advanceTimersByTime(1_000);
    cancel();
    vi.advanceTimersByTime(5_000);
    expect(resize).not.toHaveBeenCalled();
  });

  it('fits the longest language name', () => {
    expect(translationMenuWidth(['English', 'Deutsch', 'Français'], (label) => label.length * 7)).toBe(56 + 44);
    expect(translationMenuWidth([], () => 10)).toBe(44);
  });
});
