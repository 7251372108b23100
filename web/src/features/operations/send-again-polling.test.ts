import type { Delivery, DeliveryQueued } from '@formsign/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendAgainPolling, type SettledForm } from './send-again-polling.ts';

const queued: DeliveryQueued = { delivery: 41, form_id: 5120, reference: 'TS-2026-118', message: 'TS-2026-118 is queued to be sent again.' };
const row = (id: number, status: Delivery['status']): Delivery => ({
  id,
  at: '2026-11-20T09:15:00Z',
  form_id: 5120,
  reference: 'TS-2026-118',
  status,
  files: [],
  detail: status === 'failed' ? 'Delivery failed: the server did not answer.' : 'Uploaded.',
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('looking for the attempt of a form sent again', () => {
  it('reads the deliveries every 2 seconds until the new attempt is listed, then stops', async () => {
    let rows = [row(41, 'failed')];
    const read = vi.fn(async () => rows);
    const settled: SettledForm[][] = [];
    const polling = sendAgainPolling({ read, settled: (forms) => settled.push(forms), now: Date.now });
    polling.watch(queued);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(read).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(read).toHaveBeenCalledTimes(2);
    expect(settled).toEqual([]);

    rows = [row(42, 'delivered'), row(41, 'failed')];
    await vi.advanceTimersByTimeAsync(2_000);
    expect(settled).toEqual([[{ queued, attempt: row(42, 'delivered') }]]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(read).toHaveBeenCalledTimes(3);
    polling.stop();
  });

  it('gives up after a minute without an attempt, and reads nothing once stopped', async () => {
    const read = vi.fn(async () => [row(41, 'failed')]);
    const settled: SettledForm[][] = [];
    const polling = sendAgainPolling({ read, settled: (forms) => settled.push(forms), now: Date.now });
    polling.watch(queued);
    await vi.advanceTimersByTimeAsync(58_000);
    expect(settled).toEqual([]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(settled).toEqual([[{ queued }]]);
    expect(read).toHaveBeenCalledTimes(30);

    polling.watch({ ...queued });
    polling.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(read).toHaveBeenCalledTimes(30);
    expect(vi.getTimerCount()).toBe(0);
  });
});
